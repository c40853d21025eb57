import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type TextConvertResult, convertText } from './convert-text';

export const FIXTURES_DIR = join(__dirname, '../../fixtures');

export function fixture(name: string): Buffer {
  return readFileSync(join(FIXTURES_DIR, name));
}

/** Runs a fixture file through the public entry with both output formats. */
export function convertFixture(name: string, mimeType: string, maxPages = 100): Promise<TextConvertResult> {
  return convertText({ bytes: fixture(name), contentType: mimeType, fileName: name, formats: ['text', 'markdown'], maxPages });
}

/** A convertDocument call expected to fail: resolves to the JobFailure code. */
export async function failureCode(run: Promise<unknown>): Promise<string> {
  try {
    await run;
  } catch (error) {
    return (error as { code?: string }).code ?? `not a JobFailure: ${String(error)}`;
  }
  return 'no failure';
}
