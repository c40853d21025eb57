import { parseContentType } from './content-type';

/** Well-known types this library names itself: containers it looks into, markup and text it sniffs. */
export const MimeType = {
  ZIP: 'application/zip',
  CFB: 'application/x-cfb',
  HTML: 'text/html',
  XHTML: 'application/xhtml+xml',
  XML: 'application/xml',
  SVG: 'image/svg+xml',
  TEXT: 'text/plain',
  JSON: 'application/json',
  OCTET_STREAM: 'application/octet-stream',
} as const;

/** Types servers send when they do not know; they say nothing about the content. */
export const UNINFORMATIVE_MIME_TYPES: ReadonlySet<string> = new Set([
  MimeType.OCTET_STREAM,
  'binary/octet-stream',
  'application/binary',
  'application/unknown',
  'application/download',
  'application/x-download',
  'application/force-download',
  'application/x-unknown-content-type',
]);

/**
 * Types that say nothing about the content when picking a type to read as: servers
 * send them for anything, so the file extension is the better witness (a `.md` file
 * served as text/plain is markdown).
 */
export const GENERIC_MIME_TYPES: ReadonlySet<string> = new Set(['', MimeType.OCTET_STREAM, 'binary/octet-stream', MimeType.TEXT]);

/** `Text/HTML; charset=UTF-8` → `text/html`; '' when there is none. */
export function normalizeMimeType(mimeType: string | null | undefined): string {
  return (mimeType ?? '').split(';')[0].trim().toLowerCase();
}

/** A claimed type that says something: a well-formed Content-Type that is not a "don't know". */
export function informativeMimeType(contentType: string | null | undefined): string | null {
  const mimeType = parseContentType(contentType)?.mimeType;
  return mimeType && !UNINFORMATIVE_MIME_TYPES.has(mimeType) ? mimeType : null;
}

/** Text, or a structured text format (JSON, XML and their `+json`/`+xml` kin). */
export function isTextual(mimeType: string): boolean {
  return (
    mimeType.startsWith('text/') ||
    mimeType === MimeType.JSON ||
    mimeType === MimeType.XML ||
    mimeType.endsWith('+json') ||
    mimeType.endsWith('+xml')
  );
}

/**
 * `dir.v2/Report.Final.PDF` → `pdf`; works on URLs too (query and fragment ignored);
 * '' when there is none (`Makefile`, `.bashrc`).
 */
export function fileExtension(fileNameOrUrl: string | null | undefined): string {
  const base = (fileNameOrUrl ?? '').split(/[?#]/)[0].split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  const extension = dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
  return /^[a-z0-9]{1,10}$/.test(extension) ? extension : '';
}
