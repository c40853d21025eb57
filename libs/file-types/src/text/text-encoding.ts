import { detectLegacyCjk } from './cjk-detect';
import { charsetOf } from '../content-type';

export interface Bom {
  readonly encoding: 'utf-8' | 'utf-16le' | 'utf-16be';
  readonly length: number;
}

export function detectBom(bytes: Uint8Array): Bom | null {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return { encoding: 'utf-8', length: 3 };
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { encoding: 'utf-16le', length: 2 };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { encoding: 'utf-16be', length: 2 };
  return null;
}

/**
 * The WHATWG name of an encoding label TextDecoder supports, or null. The `replacement`
 * encoding (for labels like iso-2022-kr) decodes everything to U+FFFD: treat as unknown.
 */
export function normalizeEncoding(label: string | null | undefined): string | null {
  if (!label) return null;
  try {
    const { encoding } = new TextDecoder(label.trim());
    return encoding === 'replacement' ? null : encoding;
  } catch {
    return null;
  }
}

function isValidUtf8(bytes: Uint8Array): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** `<?xml encoding="…"?>` or `<meta charset="…">` near the start of the document. */
function declaredInDocument(bytes: Uint8Array): string | null {
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 1024));
  const xml = /^\s*<\?xml[^>]*\bencoding\s*=\s*["']([A-Za-z0-9._:-]+)["']/.exec(head);
  const meta = /<meta[^>]+charset\s*=\s*["']?([A-Za-z0-9._:-]+)/i.exec(head);
  return normalizeEncoding(xml?.[1]) ?? normalizeEncoding(meta?.[1]);
}

/**
 * UTF-16 without a BOM still betrays itself: ASCII-heavy text has a zero in every
 * other byte. Requires a clear majority so binary-ish text is not misread.
 */
function guessUtf16(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | null {
  const sample = bytes.subarray(0, 4096);
  if (sample.length < 4 || sample.length % 2 !== 0) return null;
  let evenZeros = 0;
  let oddZeros = 0;
  for (let i = 0; i < sample.length; i += 2) {
    if (sample[i] === 0) evenZeros++;
    if (sample[i + 1] === 0) oddZeros++;
  }
  const pairs = sample.length / 2;
  if (oddZeros > pairs * 0.7 && evenZeros < pairs * 0.1) return 'utf-16le';
  if (evenZeros > pairs * 0.7 && oddZeros < pairs * 0.1) return 'utf-16be';
  return null;
}

/**
 * Which encoding `bytes` are in: a BOM first, then the Content-Type charset, then a
 * declaration inside the document, then detection (UTF-16 by its zero bytes, UTF-8 if
 * valid, a legacy CJK encoding when the bytes decode cleanly in it and read as CJK
 * text, see cjk-detect.ts), finally windows-1252, which maps every byte to some character. A declared
 * UTF-8 that the bytes contradict is ignored: it is the most common server mistake.
 */
export function detectTextEncoding(bytes: Uint8Array, contentTypeHeader?: string | null): string {
  const bom = detectBom(bytes);
  if (bom) return bom.encoding;
  const utf8 = isValidUtf8(bytes);
  const declared = normalizeEncoding(charsetOf(contentTypeHeader)) ?? declaredInDocument(bytes);
  if (declared && (declared !== 'utf-8' || utf8)) return declared;
  // Before the UTF-8 test: ASCII in UTF-16 is, NULs and all, technically valid UTF-8.
  const utf16 = guessUtf16(bytes);
  if (utf16) return utf16;
  if (utf8) return 'utf-8';
  return detectLegacyCjk(bytes) ?? 'windows-1252';
}

// WHATWG index-windows-1252 for bytes 0x80-0x9F; every other byte equals its Latin-1
// code point. Node 20.18.3+ TextDecoder decodes windows-1252 as Latin-1 (nodejs/node
// #56542), turning € and smart quotes into C1 controls, so this one is done by hand.
const WINDOWS_1252_C1 = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d, 0x17d, 0x8f, 0x90, 0x2018, 0x2019,
  0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a, 0x153, 0x9d, 0x17e, 0x178,
];

function decodeWindows1252(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    .toString('latin1')
    .replace(/[\u0080-\u009f]/g, (c) => String.fromCharCode(WINDOWS_1252_C1[c.charCodeAt(0) - 0x80]));
}

/** Decodes a text document to a JS string; a BOM is dropped, bad bytes become U+FFFD. */
export function decodeText(bytes: Uint8Array, contentTypeHeader?: string | null): string {
  const encoding = detectTextEncoding(bytes, contentTypeHeader);
  const bom = detectBom(bytes);
  const body = bom && bom.encoding === encoding ? bytes.subarray(bom.length) : bytes;
  if (encoding === 'windows-1252') return decodeWindows1252(body);
  return new TextDecoder(encoding, { ignoreBOM: true }).decode(body);
}
