import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const FIXTURES = join(__dirname, '../../../../libs/converters/fixtures');

/** The converters' committed fixture files, shared rather than copied. */
export function fixture(name: string): Buffer {
  return readFileSync(join(FIXTURES, name));
}
