import { JobFailure, quotedName } from '@docformat/contracts';

/**
 * Zip-bomb guards, all checked on the sizes the archive declares before anything is
 * inflated (fflate then allocates exactly the declared size, so a lying entry is cut
 * off, not grown). They are shared by the nested archives of one input: a 42.zip
 * spreads its expansion over many small archives.
 */
export const ARCHIVE_LIMITS = {
  /** Entries over all nesting levels; a document archive with more is not one to read. */
  maxEntries: 1000,
  /** Inflated bytes over all nesting levels: 4× the default MAX_FILE_BYTES (50 MB). */
  maxInflatedBytes: 200 * 1024 * 1024,
  /** …and at most this multiple of the archive's own size (with a floor for tiny archives). */
  maxExpansion: 100,
  minInflatedBudget: 16 * 1024 * 1024,
  /** Per entry: text compresses 5–20:1, a run of zeros 1000:1. Small entries are exempt. */
  maxEntryRatio: 100,
  ratioExemptBytes: 1024 * 1024,
  /** Archives inside the archive, inside the archive: deeper is refused. */
  maxNesting: 2,
} as const;

export interface ArchiveBudget {
  entries: number;
  inflatedBytes: number;
  maxInflatedBytes: number;
}

export function newArchiveBudget(archiveBytes: number): ArchiveBudget {
  const byExpansion = Math.max(archiveBytes * ARCHIVE_LIMITS.maxExpansion, ARCHIVE_LIMITS.minInflatedBudget);
  return { entries: 0, inflatedBytes: 0, maxInflatedBytes: Math.min(ARCHIVE_LIMITS.maxInflatedBytes, byExpansion) };
}

/** Charges one entry to the budget; throws the JobFailure that ends the job when over. */
export function chargeEntry(budget: ArchiveBudget, entry: { name: string; size: number; originalSize: number }): void {
  if (++budget.entries > ARCHIVE_LIMITS.maxEntries) {
    throw new JobFailure('FILE_TOO_LARGE', `The archive has more than ${ARCHIVE_LIMITS.maxEntries} entries.`);
  }
  const ratio = entry.originalSize / Math.max(entry.size, 1);
  if (entry.originalSize > ARCHIVE_LIMITS.ratioExemptBytes && ratio > ARCHIVE_LIMITS.maxEntryRatio) {
    throw new JobFailure(
      'FILE_TOO_LARGE',
      `The archive entry ${quotedName(entry.name)} is compressed more than ${ARCHIVE_LIMITS.maxEntryRatio}:1; it is refused as a possible zip bomb.`,
    );
  }
  budget.inflatedBytes += entry.originalSize;
  if (budget.inflatedBytes > budget.maxInflatedBytes) {
    throw new JobFailure('FILE_TOO_LARGE', `The archive expands to more than ${Math.round(budget.maxInflatedBytes / 1024 / 1024)} MB.`);
  }
}

export function assertNesting(depth: number, path: string): void {
  if (depth > ARCHIVE_LIMITS.maxNesting) {
    throw new JobFailure('CORRUPT_DOCUMENT', `The archive nests archives more than ${ARCHIVE_LIMITS.maxNesting} levels deep (at ${path}).`);
  }
}
