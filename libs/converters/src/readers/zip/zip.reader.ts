import { isJobFailure } from '@docformat/contracts';
import type { Block, IntermediateDocument } from '../../document';
import type { ReadContext, ReaderInput } from '../reader';
import { shiftHeadings } from '../blocks/shift-headings';
import { type ArchiveBudget, assertNesting, newArchiveBudget } from './archive-limits';
import { type ArchiveEntry, type UnzippedArchive, unzipEntries } from './unzip-entries';

/** Failures of one entry that only skip it; limits (size, pages) end the whole job. */
const ENTRY_FAILURES = new Set(['CORRUPT_DOCUMENT', 'UNSUPPORTED_DOCUMENT_TYPE', 'ENCRYPTED_DOCUMENT']);

interface ArchiveState {
  budget: ArchiveBudget;
  /** Identifies and reads the entries, with the job's OCR settings (ReadContext.readNested). */
  context: ReadContext;
  /** Pages of multi-page entries; single-page (and pageless) entries are free. */
  pages: number;
  sections: Block[];
  skipped: { path: string; reason: string }[];
}

/**
 * ZIP archives: every entry is typed like a download (magic bytes, then extension)
 * and converted by the reader identification picks for it, under a `## path` heading;
 * archives inside are opened up to ARCHIVE_LIMITS.maxNesting deep, their entries
 * listed as `outer.zip/inner.txt`. Registered after the readers of ZIP-based formats
 * (DOCX, ODT, EPUB…), which identification tells apart by what the archive holds.
 * Pages: an archive of pageless files is one page; multi-page entries (PDFs) add
 * theirs and share one maxPages budget, so a thousand small files never hit the limit.
 */
export async function read(input: ReaderInput, context: ReadContext): Promise<IntermediateDocument> {
  const state: ArchiveState = { budget: newArchiveBudget(input.bytes.length), context, pages: 0, sections: [], skipped: [] };
  await readArchive(unzipEntries(input.bytes, state.budget), '', 0, state);
  const blocks: Block[] = [...state.sections];
  if (state.skipped.length > 0) {
    blocks.push({ type: 'heading', level: 2, content: [{ type: 'text', text: 'Skipped entries' }] });
    blocks.push({
      type: 'list',
      ordered: false,
      items: state.skipped.map(({ path, reason }) => ({
        blocks: [{ type: 'paragraph', content: [{ type: 'text', text: `${path}: ${reason}` }] }],
      })),
    });
  }
  if (blocks.length === 0) blocks.push({ type: 'paragraph', content: [{ type: 'text', text: 'The archive is empty.' }] });
  return { pages: Math.max(1, state.pages), metadata: {}, blocks };
}

async function readArchive(archive: UnzippedArchive, prefix: string, depth: number, state: ArchiveState): Promise<void> {
  for (const { name, reason } of archive.unreadable) state.skipped.push({ path: prefix + name, reason });
  for (const entry of archive.entries) await readEntry(entry, prefix + entry.name, depth, state);
}

async function readEntry(entry: ArchiveEntry, path: string, depth: number, state: ArchiveState): Promise<void> {
  if (entry.bytes.length === 0) {
    state.skipped.push({ path, reason: 'empty' });
    return;
  }
  const { mimeType, reader } = state.context.identify(entry.bytes, entry.name);
  if (!reader) {
    state.skipped.push({ path, reason: `unsupported type ${mimeType}` });
    return;
  }
  // This reader's own name (zip.manifest.ts): archives inside are opened here.
  if (reader.name === 'zip') {
    // Nested archives share the budget of the outer one, so they cannot multiply it;
    // only their own damage is skipped, their entries fail or skip on their own.
    assertNesting(depth + 1, path);
    const nested = await skipOnEntryFailure(path, 'zip', state, async () => unzipEntries(entry.bytes, state.budget));
    if (nested) await readArchive(nested, `${path}/`, depth + 1, state);
    return;
  }
  const bytes = Buffer.from(entry.bytes.buffer, entry.bytes.byteOffset, entry.bytes.byteLength);
  const document = await skipOnEntryFailure(path, reader.name, state, () =>
    state.context.readNested({ bytes, mimeType, fileName: entry.name }, reader, Math.max(1, state.context.maxPages - state.pages)),
  );
  if (!document) return;
  if (document.pages > 1) state.pages += document.pages;
  state.sections.push({ type: 'heading', level: 2, content: [{ type: 'text', text: path }] }, ...shiftHeadings(document.blocks, 3));
}

/** A damaged entry is reported in its place and the rest still converts; limits end the job. */
async function skipOnEntryFailure<T>(path: string, kind: string, state: ArchiveState, read: () => Promise<T>): Promise<T | undefined> {
  try {
    return await read();
  } catch (error) {
    if (isJobFailure(error) && !ENTRY_FAILURES.has(error.code)) throw error;
    state.skipped.push({ path, reason: isJobFailure(error) ? error.message : `could not be read as ${kind}` });
    return undefined;
  }
}
