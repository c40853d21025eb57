import { readdirSync, readFileSync } from 'node:fs';
import { extname, join, relative } from 'node:path';

/**
 * Seeded mutants of the converter fixtures: the committed generator, not its output,
 * so a failure is reproduced from its seed and index (`FUZZ_SEED`, the mutant's name).
 */

export const FIXTURES_DIR = join(__dirname, '../../../libs/converters/fixtures');

/** How the fixtures are served: by extension, as an origin would label them. */
const MIME_BY_EXTENSION: Record<string, string> = {
  pdf: 'application/pdf',
  html: 'text/html',
  md: 'text/markdown',
  txt: 'text/plain',
  csv: 'text/csv',
  tsv: 'text/tab-separated-values',
  json: 'application/json',
  ipynb: 'application/x-ipynb+json',
  xml: 'application/xml',
  eml: 'message/rfc822',
  msg: 'application/vnd.ms-outlook',
  zip: 'application/zip',
  epub: 'application/epub+zip',
  rtf: 'application/rtf',
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  bmp: 'image/bmp',
  tiff: 'image/tiff',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  fodt: 'application/vnd.oasis.opendocument.text',
  fods: 'application/vnd.oasis.opendocument.spreadsheet',
  xls: 'application/vnd.ms-excel',
};
/** Build scripts and notes live beside the fixtures; they are not documents. */
const NOT_FIXTURES = new Set(['.sh', '.py', '.js', '.ts']);

export interface Fixture {
  name: string;
  extension: string;
  bytes: Buffer;
}

export interface Mutant {
  /** `<index>-<operator>-<fixture path>`, unique. */
  name: string;
  fixture: string;
  extension: string;
  operator: Operator;
  bytes: Buffer;
  /** What the origin sends as Content-Type: the fixture's type, or now and then a generic one. */
  contentType: string;
}

export type Operator = 'truncate' | 'bit-flip' | 'splice' | 'zero-fill';
const OPERATORS: readonly Operator[] = ['truncate', 'bit-flip', 'splice', 'zero-fill'];

export function loadFixtures(dir = FIXTURES_DIR): Fixture[] {
  const out: Fixture[] = [];
  const pending = [dir];
  while (pending.length > 0) {
    const current = pending.pop()!;
    for (const entry of readdirSync(current, { withFileTypes: true })) {
      const path = join(current, entry.name);
      if (entry.isDirectory()) pending.push(path);
      else if (!NOT_FIXTURES.has(extname(entry.name)) && entry.name !== 'README.md') {
        out.push({ name: relative(dir, path), extension: extname(entry.name).slice(1).toLowerCase(), bytes: readFileSync(path) });
      }
    }
  }
  // Sorted: the same seed gives the same mutants whatever order the file system lists.
  return out.sort((a, b) => a.name.localeCompare(b.name));
}

/** mulberry32: small, fast and good enough to pick offsets; seeded, so runs repeat. */
export function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * `count` mutants, every fixture in turn (so each type is covered however many there
 * are), each damaged by one operator chosen at random.
 */
export function makeMutants(fixtures: readonly Fixture[], count: number, seed: number): Mutant[] {
  const random = prng(seed);
  const int = (below: number) => Math.floor(random() * below);
  const mutants: Mutant[] = [];
  for (let index = 0; index < count; index++) {
    const fixture = fixtures[index % fixtures.length];
    const operator = OPERATORS[int(OPERATORS.length)];
    const bytes = mutate(fixture.bytes, operator, fixtures[int(fixtures.length)].bytes, int);
    const generic = int(10) === 0;
    mutants.push({
      name: `${index}-${operator}-${fixture.name}`,
      fixture: fixture.name,
      extension: fixture.extension,
      operator,
      bytes,
      contentType: generic ? 'application/octet-stream' : (MIME_BY_EXTENSION[fixture.extension] ?? 'application/octet-stream'),
    });
  }
  return mutants;
}

function mutate(source: Buffer, operator: Operator, donor: Buffer, int: (below: number) => number): Buffer {
  const bytes = Buffer.from(source);
  switch (operator) {
    case 'truncate':
      return bytes.subarray(0, int(bytes.length));
    case 'bit-flip': {
      // A few scattered flips, or a burst in one spot (a damaged sector).
      const flips = 1 + int(16);
      const burst = int(2) === 0 ? int(bytes.length) : -1;
      for (let i = 0; i < flips; i++) {
        const at = burst >= 0 ? Math.min(bytes.length - 1, burst + i) : int(bytes.length);
        bytes[at] ^= 1 << int(8);
      }
      return bytes;
    }
    case 'splice': {
      // Bytes of another fixture written over a stretch of this one (or appended past its end).
      const from = int(donor.length);
      const piece = donor.subarray(from, from + 1 + int(Math.min(4096, donor.length - from)));
      const at = int(bytes.length + 1);
      return Buffer.concat([bytes.subarray(0, at), piece, bytes.subarray(Math.min(bytes.length, at + piece.length * int(2)))]);
    }
    case 'zero-fill': {
      const at = int(bytes.length);
      bytes.fill(0, at, Math.min(bytes.length, at + 1 + int(Math.max(1, Math.floor(bytes.length / 10)))));
      return bytes;
    }
  }
}
