import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ConversionTaskInput } from '../../src/conversion/conversion-task.types';

const FIXTURES = join(__dirname, '../../../../libs/converters/fixtures');

/** The converters' committed fixture files, shared rather than copied. */
export function fixture(name: string): Buffer {
  return readFileSync(join(FIXTURES, name));
}

/** A conversion of one of the OCR fixtures' PNG images to text, as the pool's tests send it. */
export function ocrImageTask(name: string): ConversionTaskInput {
  return {
    bytes: fixture(join('ocr', name)),
    fileName: name,
    contentType: 'image/png',
    formats: ['text'],
    maxPages: 5,
    options: {},
    ocrParallelism: 2,
  };
}

/** The 100-page PDF of the extraction fixtures, long enough to be split across threads, as the pool's tests send it. */
export function hundredPagesTask(overrides: Partial<ConversionTaskInput> = {}): ConversionTaskInput {
  return {
    bytes: fixture('extraction/hundred-pages.pdf'),
    fileName: 'hundred-pages.pdf',
    contentType: 'application/pdf',
    formats: ['text'],
    maxPages: 200,
    options: {},
    ocrParallelism: 1,
    ...overrides,
  };
}
