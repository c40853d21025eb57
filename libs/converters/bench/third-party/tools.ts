import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { isJobFailure } from '@docformat/contracts';
import { convertDocument } from '../../src/convert';
import type { JsonDocument } from '../../src/formats/json/document-json';
import type { CorpusEntry } from './corpus-index';
import { predictionOf, type Prediction } from './predictions';

/** Above any document here; only the truth's pages are scored. */
const MAX_PAGES = 10_000;
const PDFTOTEXT_TIMEOUT_MS = 120_000;

export type Converted<T> = { ok: true; value: T } | { ok: false; failure: string };

export interface DocformatOutput extends Prediction {
  text: string;
}

/** docformat as the worker's threads run it: the json tree for structure, the text output for words. */
export async function convertWithDocformat(entry: CorpusEntry): Promise<Converted<DocformatOutput>> {
  try {
    const result = await convertDocument({
      bytes: readFileSync(entry.path),
      fileName: basename(entry.path),
      contentType: 'application/pdf',
      formats: ['json', 'text'],
      maxPages: MAX_PAGES,
    });
    const json = result.outputs['json']?.body;
    const tree = (typeof json === 'string' ? JSON.parse(json) : json) as JsonDocument;
    const text = result.outputs['text']?.body;
    return { ok: true, value: { ...predictionOf(tree), text: typeof text === 'string' ? text : '' } };
  } catch (error) {
    return { ok: false, failure: isJobFailure(error) ? error.code : (error as Error).message.split('\n')[0] };
  }
}

/** poppler's pdftotext in its default reading-order mode: the text and order baseline. */
export function convertWithPdftotext(entry: CorpusEntry): Converted<string> {
  try {
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', entry.path, '-'], {
      encoding: 'utf8',
      timeout: PDFTOTEXT_TIMEOUT_MS,
      maxBuffer: 256 * 1024 * 1024,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    return { ok: true, value: text };
  } catch (error) {
    return { ok: false, failure: `pdftotext: ${(error as Error).message.split('\n')[0]}` };
  }
}

export function pdftotextVersion(): string | null {
  // It prints its version on stderr.
  const result = spawnSync('pdftotext', ['-v'], { encoding: 'utf8' });
  if (result.error) return null;
  return /pdftotext version ([\d.]+)/.exec(`${result.stdout}${result.stderr}`)?.[1] ?? '';
}
