import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const FIXTURES = join(__dirname, '../../../../libs/converters/fixtures');

/** The converters' committed fixture files, shared rather than copied. */
export function fixture(name: string): Buffer {
  return readFileSync(join(FIXTURES, name));
}

/** The 8-byte PNG signature and a minimal IHDR: a real image type, not a document. */
export const PNG_BYTES = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000200a1c3e6e90000000049454e44ae426082',
  'hex',
);
