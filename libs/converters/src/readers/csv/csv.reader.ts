import { JobFailure } from '@docformat/contracts';
import type { IntermediateDocument } from '../../document';
import { fileExtension } from '../match-reader';
import { assertPageLimit } from '../page-limit';
import type { DocumentReader, ReaderInput } from '../reader';
import { gridTable, trimGrid } from '../shared/grid-table';
import { csvText } from './csv-text';

/** The same cap as for spreadsheets: a silently truncated table reads as complete. */
export const MAX_CSV_CELLS = 1_000_000;
const GUESSED_DELIMITERS = [',', ';', '\t', '|'];

/**
 * CSV and TSV → one table, the first row as header. The delimiter is guessed by
 * papaparse among comma, semicolon, tab and pipe (the most consistent field count
 * over the first rows wins); a TSV by type or extension is always tab-separated.
 * Quoted fields keep delimiters and line breaks; ragged rows are padded.
 */
export const csvReader: DocumentReader = {
  name: 'csv',
  accepts: {
    mimeTypes: ['text/csv', 'text/tab-separated-values', 'application/csv', 'text/x-csv', 'text/comma-separated-values'],
    extensions: ['csv', 'tsv', 'tab'],
  },
  async read(input: ReaderInput): Promise<IntermediateDocument> {
    assertPageLimit(1, input.maxPages);
    const text = csvText(input);
    // Text never holds NUL; binary data (a ZIP, a PDF) sent as CSV does.
    if (text.includes('\u0000')) throw new JobFailure('CORRUPT_DOCUMENT', 'The file is not text and cannot be read as CSV.');
    const grid = trimGrid(parseRows(text, isTsv(input)));
    const cells = grid.length * (grid[0]?.length ?? 0);
    if (cells > MAX_CSV_CELLS) {
      throw new JobFailure('FILE_TOO_LARGE', `The CSV has more than ${MAX_CSV_CELLS.toLocaleString('en-US')} cells; it is too large to convert.`);
    }
    const table = gridTable(grid);
    return { pages: 1, metadata: {}, blocks: table ? [table] : [] };
  },
};

function isTsv(input: ReaderInput): boolean {
  return input.mimeType === 'text/tab-separated-values' || ['tsv', 'tab'].includes(fileExtension(input.fileName));
}

function parseRows(text: string, tsv: boolean): string[][] {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use only
  const Papa = require('papaparse') as typeof import('papaparse');
  const result = Papa.parse<string[]>(text, {
    delimiter: tsv ? '\t' : '',
    delimitersToGuess: GUESSED_DELIMITERS,
    skipEmptyLines: 'greedy',
  });
  // An opening quote that never closes swallows the rest of the file into one cell:
  // the file is cut short or not CSV, and a table from it would be wrong without saying so.
  const unclosed = result.errors.find((error) => error.code === 'MissingQuotes');
  if (unclosed) {
    throw new JobFailure('CORRUPT_DOCUMENT', `The CSV has a quoted field that never closes (row ${(unclosed.row ?? 0) + 1}).`);
  }
  return result.data;
}
