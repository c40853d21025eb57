import { JobFailure, isJobFailure } from '@docformat/contracts';
import { type ArchiveBudget, chargeEntry } from './archive-limits';
import { encryptedEntryNames } from './encrypted-entries';
import { unzipSync } from 'fflate';

export interface ArchiveEntry {
  /** As stored in the archive: only a label, never a file-system path. */
  name: string;
  bytes: Uint8Array;
}

export interface UnzippedArchive {
  entries: ArchiveEntry[];
  /** Entries left packed, with the reason (encrypted, or a compression method fflate cannot read). */
  unreadable: { name: string; reason: string }[];
}

/** Stored and deflated: all fflate reads, and nearly all archives use. */
const READABLE_METHODS = new Set([0, 8]);

/** Folders and the litter of macOS and Windows archivers, never content. */
const isJunk = (name: string) => name.endsWith('/') || /(^|\/)(__MACOSX\/|\.DS_Store$|Thumbs\.db$)/.test(name);

/** `PK\x03\x04` (entries) or `PK\x05\x06` (an empty archive). */
export function isZipSignature(bytes: Uint8Array): boolean {
  return bytes[0] === 0x50 && bytes[1] === 0x4b && ((bytes[2] === 3 && bytes[3] === 4) || (bytes[2] === 5 && bytes[3] === 6));
}

/** Inflates the entries of one archive, in archive order, charging each to `budget`. */
export function unzipEntries(bytes: Uint8Array, budget: ArchiveBudget): UnzippedArchive {
  if (!isZipSignature(bytes)) throw new JobFailure('CORRUPT_DOCUMENT', 'The file is not a ZIP archive.');
  const order: string[] = [];
  const unreadable: UnzippedArchive['unreadable'] = [];
  const encrypted = encryptedEntryNames(bytes);
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes, {
      filter: (file) => {
        if (isJunk(file.name)) return false;
        chargeEntry(budget, file);
        const reason = encrypted.has(file.name)
          ? 'encrypted (needs a password)'
          : READABLE_METHODS.has(file.compression)
            ? undefined
            : `compression method ${file.compression} is not supported`;
        if (reason) {
          unreadable.push({ name: file.name, reason });
          return false;
        }
        order.push(file.name);
        return true;
      },
    });
  } catch (error) {
    if (isJobFailure(error)) throw error;
    throw new JobFailure('CORRUPT_DOCUMENT', 'The ZIP archive is damaged or truncated and could not be read.', false, { cause: error });
  }
  // Object keys lose the archive order for numeric names; `order` keeps it.
  const entries = [...new Set(order)].filter((name) => files[name] !== undefined).map((name) => ({ name, bytes: files[name] }));
  return { entries, unreadable };
}
