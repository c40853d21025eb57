import type { MagicPattern, MagicSignature } from '../file-type';

/** The two containers this library looks into; their contents tell the type (zip-entries.ts, cfb-streams.ts). */
export const ZIP_MAGIC: readonly MagicSignature[] = [
  { patterns: [{ at: 0, bytes: [0x50, 0x4b, 0x03, 0x04] }] },
  { patterns: [{ at: 0, bytes: [0x50, 0x4b, 0x05, 0x06] }] },
];
export const CFB_MAGIC: readonly MagicSignature[] = [{ patterns: [{ at: 0, bytes: [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1] }] }];

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

/** Whether any of `signatures` matches the start of `data`. */
export function matchesMagic(data: Uint8Array, signatures: readonly MagicSignature[] | undefined): boolean {
  return signatures?.some((signature) => matches(data, signature)) ?? false;
}
