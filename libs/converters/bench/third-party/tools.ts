import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { isJobFailure } from '@docformat/contracts';
import { convertDocument } from '../../src/convert';
import type { JsonDocument } from '../../src/formats/json/document-json';
import { pdftotextOf } from '../quality/tools';
import type { CorpusEntry } from './corpus-index';
import { predictionOf, type Prediction } from './predictions';

/** Above any document here; only the truth's pages are scored. */
const MAX_PAGES = 10_000;

export type Converted<T> = { ok: true; value: T } | { ok: false; failure: string };

export interface DocformatOutput extends Prediction {
  text: string;
}

/**
 * docformat as the worker's threads run it: the json tree for structure, the text
 * output for words. `declaredStructure: false` has the file's tag tree and outline
 * ignored (see ConversionOptions), to score what the layout alone reads.
 */
export async function convertWithDocformat(entry: CorpusEntry, declaredStructure = true): Promise<Converted<DocformatOutput>> {
  try {
    const result = await convertDocument({
      bytes: readFileSync(entry.path),
      fileName: basename(entry.path),
      contentType: 'application/pdf',
      formats: ['json', 'text'],
      maxPages: MAX_PAGES,
      declaredStructure,
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
    return { ok: true, value: pdftotextOf(entry.path) };
  } catch (error) {
    return { ok: false, failure: `pdftotext: ${(error as Error).message.split('\n')[0]}` };
  }
}
