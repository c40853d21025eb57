import type { FormatOptions, JsonValue } from '@docformat/contracts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type ConvertInput, convertDocument } from '../convert';
import { type TextConvertResult, convertText } from './convert-text';

export const FIXTURES_DIR = join(__dirname, '../../fixtures');
/** The quality benchmark's corpus: longer real documents (bench/corpus/README.md). */
export const CORPUS_DIR = join(__dirname, '../../bench/corpus/docs');

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

/**
 * A file (a path under FIXTURES_DIR or CORPUS_DIR) through the public entry into one
 * format: that output's body, a string for text formats, the JSON value for JSON ones.
 */
export async function renderFile(
  path: string,
  mimeType: string,
  format: string,
  options?: FormatOptions,
  input: Pick<ConvertInput, 'declaredStructure'> = {},
): Promise<JsonValue> {
  const result = await convertDocument({
    bytes: readFileSync(path),
    contentType: mimeType,
    fileName: path,
    formats: [format],
    maxPages: 500,
    options,
    ...input,
  });
  return result.outputs[format].body;
}
