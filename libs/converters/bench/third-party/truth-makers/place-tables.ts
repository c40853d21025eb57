import type { TruthCell } from '../truth';
import { squash } from './poppler';

/** Enough squashed text from a table's first cells to tell its page from others (a lone "1" is on every page). */
const KEY_LENGTH = 20;

/**
 * A cell's first characters only: a long cell may run on to the next page. Shorter
 * tries follow for a cell whose later characters the PDF draws apart: a code point label
 * set beside the glyph it names, or a word broken across lines of a narrow column
 * ("Internod" / "e"), which pdftotext may read after the next cell.
 */
const PART_LENGTHS = [24, 12, 6];

/**
 * Fewer letters and digits than this in a whole table's key ("x", "f(x)", "–∞", "+∞": a
 * table of signs) are on many pages: its key keeps the symbols too (squashSymbols).
 */
const MIN_LETTERS = 8;

/** Squashed with the symbols kept: only white space dropped. */
export function squashSymbols(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/\s+/gu, '');
}

/** The table's first non-empty cells, squashed and cut to `partLength`, until they add up to KEY_LENGTH characters. */
export function tableKey(rows: TruthCell[][], partLength = PART_LENGTHS[0], squashCell: (text: string) => string = squash): string[] {
  const parts: string[] = [];
  let length = 0;
  for (const cell of rows.flat()) {
    const part = squashCell(cell.text).slice(0, partLength);
    if (!part) continue;
    parts.push(part);
    length += part.length;
    if (length >= KEY_LENGTH) break;
  }
  return parts;
}

/** Non-overlapping occurrences of `part` in `text`. */
function occurrences(text: string, part: string): number {
  let count = 0;
  for (let at = text.indexOf(part); at >= 0; at = text.indexOf(part, at + part.length)) count++;
  return count;
}

/**
 * The 1-based page each table starts on: the first page, not before the previous
 * table's, whose text holds every part of the table's key (its first cells). Pages are
 * searched as pdftotext reads them, squashed, so the cells need not be adjacent there.
 * Identical tables (a test file repeats one table two dozen times) use up the page's
 * occurrences of their key one by one, so the next copy moves on to the next page.
 * `undefined` for a table without text or whose cells are on no page.
 */
export function placeTables(tables: TruthCell[][][], pages: string[]): (number | undefined)[] {
  const bySquash = new Map([squash, squashSymbols].map((fn) => [fn, pages.map(fn)]));
  const used = new Map<string, number>();
  let from = 0;
  return tables.map((rows) => {
    const weak = tableKey(rows, Infinity).join('').length < MIN_LETTERS;
    const squashCell = weak ? squashSymbols : squash;
    const squashed = bySquash.get(squashCell) as string[];
    // Copies are told apart by their full key, whichever shorter key finds them.
    const identity = tableKey(rows, PART_LENGTHS[0], squashCell).join('\u0000');
    for (const partLength of PART_LENGTHS) {
      const key = tableKey(rows, partLength, squashCell);
      if (key.length === 0) return undefined;
      const slot = (page: number) => `${page}\u0000${identity}`;
      const capacity = (text: string) => Math.min(...key.map((part) => occurrences(text, part)));
      const index = squashed.findIndex((text, i) => i >= from && capacity(text) > (used.get(slot(i)) ?? 0));
      if (index < 0) continue;
      used.set(slot(index), (used.get(slot(index)) ?? 0) + 1);
      from = index;
      return index + 1;
    }
    return undefined;
  });
}
