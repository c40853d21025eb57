import type { DocumentReader } from './reader';

/**
 * Types that say nothing about the content: servers send them for anything, so the
 * file extension is the better witness.
 */
const GENERIC_MIME_TYPES = new Set(['', 'application/octet-stream', 'binary/octet-stream', 'text/plain']);

/** `Text/HTML; charset=UTF-8` → `text/html`. */
export function normalizeMimeType(mimeType: string | undefined): string {
  return (mimeType ?? '').split(';')[0].trim().toLowerCase();
}

/** `Report.Final.PDF` → `pdf`; '' when there is none. */
export function fileExtension(fileName: string | undefined): string {
  const base = (fileName ?? '').split(/[?#]/)[0].split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

/**
 * The one place that decides which reader handles a document. Readers are tried in
 * priority order (specific before generic) and a specific MIME type wins over the
 * extension, the extension over a generic MIME type (text/plain, octet-stream): a
 * `.md` file served as text/plain is still read as markdown.
 */
export function matchReader(
  readers: readonly DocumentReader[],
  mimeType: string | undefined,
  fileName: string | undefined,
): DocumentReader | undefined {
  const mime = normalizeMimeType(mimeType);
  const extension = fileExtension(fileName);
  const byMime = (reader: DocumentReader) => mime !== '' && reader.accepts.mimeTypes.includes(mime);
  const byExtension = (reader: DocumentReader) => extension !== '' && reader.accepts.extensions.includes(extension);

  if (!GENERIC_MIME_TYPES.has(mime)) {
    const specific = readers.find(byMime);
    if (specific) return specific;
  }
  return readers.find(byExtension) ?? readers.find(byMime);
}
