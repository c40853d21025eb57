import { MimeType } from './mime-types';

/** Bytes expected at a fixed offset; a string means its ASCII bytes. */
export interface MagicPattern {
  readonly at: number;
  readonly bytes: string | readonly number[];
}

export interface MagicSignature {
  readonly mimeType: string;
  /** All patterns must match. */
  readonly patterns: readonly MagicPattern[];
  /** Look for the (single) pattern anywhere in the first N bytes instead of at `at`. */
  readonly searchWithin?: number;
}

// First match wins. Containers (ZIP, CFB) are refined afterwards by looking inside.
export const MAGIC_SIGNATURES: readonly MagicSignature[] = [
  // Readers accept junk before the header, so does Acrobat: search the first KiB.
  { mimeType: MimeType.PDF, patterns: [{ at: 0, bytes: '%PDF-' }], searchWithin: 1024 },
  { mimeType: MimeType.ZIP, patterns: [{ at: 0, bytes: [0x50, 0x4b, 0x03, 0x04] }] },
  { mimeType: MimeType.ZIP, patterns: [{ at: 0, bytes: [0x50, 0x4b, 0x05, 0x06] }] },
  { mimeType: MimeType.CFB, patterns: [{ at: 0, bytes: [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1] }] },
  { mimeType: MimeType.PNG, patterns: [{ at: 0, bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] }] },
  { mimeType: MimeType.JPEG, patterns: [{ at: 0, bytes: [0xff, 0xd8, 0xff] }] },
  { mimeType: MimeType.GIF, patterns: [{ at: 0, bytes: 'GIF87a' }] },
  { mimeType: MimeType.GIF, patterns: [{ at: 0, bytes: 'GIF89a' }] },
  { mimeType: MimeType.WEBP, patterns: [{ at: 0, bytes: 'RIFF' }, { at: 8, bytes: 'WEBP' }] },
  { mimeType: MimeType.TIFF, patterns: [{ at: 0, bytes: [0x49, 0x49, 0x2a, 0x00] }] },
  { mimeType: MimeType.TIFF, patterns: [{ at: 0, bytes: [0x4d, 0x4d, 0x00, 0x2a] }] },
  { mimeType: MimeType.GZIP, patterns: [{ at: 0, bytes: [0x1f, 0x8b, 0x08] }] },
  { mimeType: MimeType.RTF, patterns: [{ at: 0, bytes: '{\\rtf' }] },
];

function toBytes(pattern: MagicPattern['bytes']): readonly number[] {
  return typeof pattern === 'string' ? Array.from(pattern, (c) => c.charCodeAt(0)) : pattern;
}

function matchesAt(data: Uint8Array, at: number, expected: readonly number[]): boolean {
  if (at + expected.length > data.length) return false;
  return expected.every((byte, i) => data[at + i] === byte);
}

function matches(data: Uint8Array, signature: MagicSignature): boolean {
  if (signature.searchWithin !== undefined) {
    const expected = toBytes(signature.patterns[0].bytes);
    const last = Math.min(signature.searchWithin, data.length - expected.length);
    for (let at = 0; at <= last; at++) if (matchesAt(data, at, expected)) return true;
    return false;
  }
  return signature.patterns.every((p) => matchesAt(data, p.at, toBytes(p.bytes)));
}

/** The MIME type of the first matching signature, or null. */
export function matchMagic(data: Uint8Array, signatures = MAGIC_SIGNATURES): string | null {
  return signatures.find((signature) => matches(data, signature))?.mimeType ?? null;
}
