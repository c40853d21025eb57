import type { TableSpan } from '../../document';
import type { TextItem } from '../page-text';
import { type TextLine, groupLines } from '../text-lines';
import { endAfter } from './aligned-tables';
import { NUMERIC } from './figures';

/** Baselines this share of the font size apart are one line across the band. */
const SAME_BASELINE = 0.3;
/** Figures one per line in a cell, at least, before they are taken for rows whatever the words beside them do. */
const MIN_FIGURES = 3;

/**
 * A ruled grid's band (the space between two horizontal rules) that holds several rows
 * the drawing did not rule apart: a pivot table rules its header, its body and its
 * total, not the body's rows. The band is cut into one row per baseline where at least
 * two columns have lines on two or more of the same baselines, and either a column
 * holds figures, one per line, on all of them but one, or no column's lines read as one cell's text wrapped
 * (each lower line's first word would have fitted after the line above inside its
 * cell). A cell whose text wraps (a word that did not fit went down) beside cells of
 * words keeps its band one row. Bands a merged cell touches are
 * left whole. Returns the cells by row, and the spans with their rows moved down.
 */
export function splitUnruledRows(
  cells: TextItem[][][],
  spans: readonly TableSpan[],
  xs: readonly number[],
  page: { page: number; height: number },
): { cells: TextItem[][][]; spans: TableSpan[] } {
  const out: TextItem[][][] = [];
  let moved = [...spans];
  for (const [r, row] of cells.entries()) {
    const here = out.length;
    const spanned = spans.some((span) => span.row <= r && r < span.row + span.rowSpan);
    const rows = spanned ? undefined : rowsOfBand(row, xs, page);
    if (!rows) {
      out.push(row);
      continue;
    }
    out.push(...rows);
    moved = moved.map((span) => (span.row > here ? { ...span, row: span.row + rows.length - 1 } : span));
  }
  return { cells: out, spans: moved };
}

function rowsOfBand(row: readonly TextItem[][], xs: readonly number[], page: { page: number; height: number }): TextItem[][][] | undefined {
  const lines = row.map((cell) => groupLines(cell, page));
  if (lines.filter((column) => column.length >= 2).length < 2) return undefined;
  const baselines: number[] = [];
  for (const line of lines.flat().sort((a, b) => a.y - b.y)) {
    const last = baselines[baselines.length - 1];
    if (last === undefined || line.y - last > SAME_BASELINE * line.size) baselines.push(line.y);
  }
  const baselineOf = (line: TextLine) => baselines.findIndex((y) => Math.abs(line.y - y) <= SAME_BASELINE * line.size);
  const shared = baselines.filter((_, k) => lines.filter((column) => column.some((line) => baselineOf(line) === k)).length >= 2);
  if (shared.length < 2) return undefined;
  // A column of figures, one per line, on all the band's baselines but one at most, is rows (a number does not wrap onto
  // another); else no column's text may read as wrapped. Two phone numbers beside an address of four lines are one cell's.
  const figures = lines.some(
    (column) => column.length >= MIN_FIGURES && column.every((line) => NUMERIC.test(line.text)) && baselines.length - column.length <= 1,
  );
  const wraps = lines.some((column, col) => column.some((line, k) => k > 0 && wrapped(column[k - 1], line, xs[col], xs[col + 1])));
  if (!figures && wraps) return undefined;
  const rows: TextItem[][][] = baselines.map(() => row.map(() => []));
  lines.forEach((column, col) => {
    for (const line of column) rows[baselineOf(line)][col].push(...line.segments.flatMap((segment) => segment.items));
  });
  return rows;
}

/** The lower line is the upper one's text run on: its first word would not have fitted after it within the cell (figures never wrap so). */
function wrapped(upper: TextLine, lower: TextLine, left: number, right: number): boolean {
  if (NUMERIC.test(upper.text) && NUMERIC.test(lower.text)) return false;
  // The cell's padding, as its text's left edge shows it, is left on the right too.
  const padding = Math.max(0, Math.min(upper.x, lower.x) - left);
  return endAfter(upper, lower) > right - padding;
}
