import { JobFailure } from '@docformat/contracts';
import type { IntermediateDocument } from '../../document';
import { fileExtension } from '@docformat/file-types';
import type { ReaderInput } from '../reader';
import { type GridBounds, isFilledCell, trimmedTable } from '../blocks/grid-table';
import { csvText } from './csv-text';
import * as Papa from 'papaparse';

/** The same cap as for spreadsheets: a silently truncated table reads as complete. */
export const MAX_CSV_CELLS = 1_000_000;
const GUESSED_DELIMITERS = [',', ';', '\t', '|'];

/**
 * CSV and TSV → one table, the first row as header. The delimiter is guessed by
 * papaparse among comma, semicolon, tab and pipe (the most consistent field count
 * over the first rows wins); a TSV by type or extension is always tab-separated.
 * Quoted fields keep delimiters and line breaks; ragged rows are padded.
 */
export async function read(input: ReaderInput): Promise<IntermediateDocument> {
  const text = csvText(input);
  // Text never holds NUL; binary data (a ZIP, a PDF) sent as CSV does.
  if (text.includes('\u0000')) throw new JobFailure('CORRUPT_DOCUMENT', 'The file is not text and cannot be read as CSV.');
  const { rows, bounds } = parseRows(text, isTsv(input));
  const table = trimmedTable(rows, bounds);
  return { pages: 1, metadata: {}, blocks: table ? [table] : [] };
}

function isTsv(input: ReaderInput): boolean {
  return input.mimeType === 'text/tab-separated-values' || ['tsv', 'tab'].includes(fileExtension(input.fileName));
}

interface ParsedRows {
  rows: string[][];
  /** The filled area, as trimGrid would cut it; undefined when nothing is filled. */
  bounds: GridBounds | undefined;
}

/**
 * Rows one at a time (papaparse's `step`), so that the cell cap is checked while
 * parsing: a 50 MB CSV past the cap fails after reading the first million cells,
 * not after holding all of its rows. The filled area only grows as rows come, so
 * once it holds more than the cap the trimmed table will too.
 */
function parseRows(text: string, tsv: boolean): ParsedRows {
  const rows: string[][] = [];
  let bounds: GridBounds | undefined;
  let tooLarge = false;
  let unclosedRow: number | undefined;
  Papa.parse<string[]>(text, {
    delimiter: tsv ? '\t' : '',
    delimitersToGuess: GUESSED_DELIMITERS,
    skipEmptyLines: 'greedy',
    step: (result, parser) => {
      // An opening quote that never closes swallows the rest of the file into one cell:
      // the file is cut short or not CSV, and a table from it would be wrong without saying so.
      if (unclosedRow === undefined && result.errors.some((error) => error.code === 'MissingQuotes')) unclosedRow = rows.length;
      const row = result.data;
      bounds = grownBounds(bounds, row, rows.length);
      rows.push(row);
      if (bounds && (bounds.bottom - bounds.top + 1) * (bounds.right - bounds.left + 1) > MAX_CSV_CELLS) {
        tooLarge = true;
        parser.abort();
      }
    },
  });
  if (unclosedRow !== undefined) {
    throw new JobFailure('CORRUPT_DOCUMENT', `The CSV has a quoted field that never closes (row ${unclosedRow + 1}).`);
  }
  if (tooLarge) {
    throw new JobFailure(
      'FILE_TOO_LARGE',
      `The CSV has more than ${MAX_CSV_CELLS.toLocaleString('en-US')} cells; it is too large to convert.`,
    );
  }
  return { rows, bounds };
}

/** `bounds` extended by the filled cells of row `index`. */
function grownBounds(bounds: GridBounds | undefined, row: readonly string[], index: number): GridBounds | undefined {
  let left = -1;
  let right = -1;
  for (let c = 0; c < row.length; c++) {
    if (!isFilledCell(row[c])) continue;
    if (left < 0) left = c;
    right = c;
  }
  if (left < 0) return bounds;
  if (!bounds) return { top: index, bottom: index, left, right };
  bounds.bottom = index;
  if (left < bounds.left) bounds.left = left;
  if (right > bounds.right) bounds.right = right;
  return bounds;
}
