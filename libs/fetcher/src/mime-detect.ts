import { sniffCfb } from './cfb-sniff';
import { parseContentType } from './content-type';
import { extensionOf, fileNameFromUrl } from './file-name';
import { matchMagic } from './magic-bytes';
import { CFB_BASED, EXTENSION_MIME_TYPES, MimeType, UNINFORMATIVE_MIME_TYPES, ZIP_BASED } from './mime-types';
import { detectBom } from './text-decode';
import { sniffZip } from './zip-sniff';

const SNIFF_LENGTH = 1024;

/** Markup sniffed from the start of a text document (after a BOM and whitespace). */
function sniffMarkup(head: string): string | null {
  const start = head.replace(/^[\s\uFEFF]+/, '').slice(0, SNIFF_LENGTH).toLowerCase();
  if (start.startsWith('<?xml')) {
    if (/<svg[\s>]/.test(start)) return MimeType.SVG;
    if (/<html[\s>]/.test(start)) return MimeType.XHTML;
    return MimeType.XML;
  }
  if (start.startsWith('<!doctype html') || /^<(html|head|body)[\s>]/.test(start)) return MimeType.HTML;
  if (/^<svg[\s>]/.test(start)) return MimeType.SVG;
  return null;
}

function textHead(bytes: Uint8Array): { head: string; hasBom: boolean } {
  const bom = detectBom(bytes);
  const slice = bytes.subarray(0, SNIFF_LENGTH * 4);
  // Non-BOM bytes are read as latin1: markup keywords are ASCII in every encoding we sniff.
  const head = new TextDecoder(bom?.encoding ?? 'latin1').decode(slice);
  return { head, hasBom: bom !== null };
}

/** Magic numbers and container contents; null when the bytes say nothing definite. */
export function sniffBytes(bytes: Uint8Array): string | null {
  const magic = matchMagic(bytes);
  if (magic === MimeType.ZIP) return sniffZip(bytes);
  if (magic === MimeType.CFB) return sniffCfb(bytes);
  if (magic) return magic;
  const { head, hasBom } = textHead(bytes);
  return sniffMarkup(head) ?? (hasBom ? MimeType.TEXT : null);
}

function isTextual(mimeType: string): boolean {
  return (
    mimeType.startsWith('text/') ||
    mimeType === MimeType.JSON ||
    mimeType === MimeType.XML ||
    mimeType.endsWith('+json') ||
    mimeType.endsWith('+xml')
  );
}

/**
 * A sniffed type that is only a container or a generic text may be narrowed by what the
 * server or the file name says, as long as the two are compatible (a `.docx` name on a
 * plain ZIP, `text/csv` on a file with a UTF-8 BOM); an incompatible claim is ignored.
 */
function refine(sniffed: string, claimed: string | null): string {
  if (!claimed || claimed === sniffed) return sniffed;
  if (sniffed === MimeType.ZIP && ZIP_BASED.has(claimed)) return claimed;
  if (sniffed === MimeType.CFB && CFB_BASED.has(claimed)) return claimed;
  if (sniffed === MimeType.TEXT && isTextual(claimed)) return claimed;
  if (sniffed === MimeType.XML && (claimed === 'text/xml' || claimed.endsWith('+xml'))) return claimed;
  return sniffed;
}

function fromHeader(contentType: string | null | undefined): string | null {
  const mimeType = parseContentType(contentType)?.mimeType;
  return mimeType && !UNINFORMATIVE_MIME_TYPES.has(mimeType) ? mimeType : null;
}

function fromName(fileNameOrUrl: string | null | undefined): string | null {
  if (!fileNameOrUrl) return null;
  const name = /^[a-z][a-z0-9+.-]*:\/\//i.test(fileNameOrUrl) ? fileNameFromUrl(fileNameOrUrl) : fileNameOrUrl;
  const extension = extensionOf(name);
  return extension ? (EXTENSION_MIME_TYPES[extension] ?? null) : null;
}

/** Valid UTF-8 without NULs or binary control characters in the first 8 KiB. */
function looksLikeText(bytes: Uint8Array): boolean {
  if (bytes.length === 0) return false;
  const sample = bytes.subarray(0, 8192);
  if (sample.some((b) => b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0c && b !== 0x0d && b !== 0x1b)) return false;
  try {
    // `stream` tolerates a character cut in half at the end of the sample.
    new TextDecoder('utf-8', { fatal: true }).decode(sample, { stream: true });
    return true;
  } catch {
    return false;
  }
}

/**
 * The lowercase MIME type of a document: its bytes first (magic numbers, container
 * contents, markup), then the Content-Type header (unless it is a "don't know" type),
 * then the extension of the file name or URL path; plain UTF-8 text is `text/plain`;
 * anything else is `application/octet-stream`.
 */
export function detectMimeType(
  bytes: Uint8Array,
  contentTypeHeader?: string | null,
  fileNameOrUrl?: string | null,
): string {
  const byHeader = fromHeader(contentTypeHeader);
  const byName = fromName(fileNameOrUrl);
  const sniffed = sniffBytes(bytes);
  if (sniffed) {
    const refined = refine(sniffed, byHeader);
    return refined !== sniffed ? refined : refine(sniffed, byName);
  }
  const claimed = byHeader ?? byName;
  if (claimed) return claimed;
  return looksLikeText(bytes) ? MimeType.TEXT : MimeType.OCTET_STREAM;
}
