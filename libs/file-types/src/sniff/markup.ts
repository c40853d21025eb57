import { MimeType } from '../mime-type';
import { detectBom } from '../text/text-encoding';

const SNIFF_LENGTH = 1024;

/** Markup sniffed from the start of a text document (after a BOM and whitespace). */
function sniffMarkup(head: string): string | null {
  const start = head
    .replace(/^[\s\uFEFF]+/, '')
    .slice(0, SNIFF_LENGTH)
    .toLowerCase();
  if (start.startsWith('<?xml')) {
    if (/<svg[\s>]/.test(start)) return MimeType.SVG;
    if (/<html[\s>]/.test(start)) return MimeType.XHTML;
    return MimeType.XML;
  }
  if (start.startsWith('<!doctype html') || /^<(html|head|body)[\s>]/.test(start)) return MimeType.HTML;
  if (/^<svg[\s>]/.test(start)) return MimeType.SVG;
  return null;
}

/** Markup (HTML, XHTML, XML, SVG) at the start of the text, or a BOM alone (plain text); null when neither. */
export function sniffText(bytes: Uint8Array): string | null {
  const bom = detectBom(bytes);
  // Non-BOM bytes are read as latin1: markup keywords are ASCII in every encoding we sniff.
  const head = new TextDecoder(bom?.encoding ?? 'latin1').decode(bytes.subarray(0, SNIFF_LENGTH * 4));
  return sniffMarkup(head) ?? (bom ? MimeType.TEXT : null);
}

/** Valid UTF-8 without NULs or binary control characters in the first 8 KiB. */
export function looksLikeText(bytes: Uint8Array): boolean {
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
