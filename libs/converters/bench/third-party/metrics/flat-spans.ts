import { layoutGrid } from './grid';
import type { MetricCell, MetricTable } from './table';

/**
 * How a flat grid writes a spanning cell: a tool's output that cannot write spans
 * (camelot's and tabula's grids, pdfplumber's lists) puts its text in the top-left
 * slot and leaves the slots it covers empty (`blank`), or repeats it down the rows it
 * spans, in each row's first slot of it (`copied-down`, camelot's copy_text 'v').
 */
export type FlatSpans = 'blank' | 'copied-down';

/**
 * A table with spans written as a flat grid would write it: one cell per slot, no
 * spans. A prediction is scored so against a truth that is a flat grid, so that a
 * table read with its spans is charged neither for the convention the truth cannot
 * express nor spared a span it got wrong (the slots still differ).
 */
export function flattenSpans(table: MetricTable, how: FlatSpans): MetricTable {
  const { cells, grid } = layoutGrid(table);
  const seen = new Set<number>();
  return {
    rows: grid.map((row) =>
      row.map((index, column): MetricCell => {
        if (index < 0) return { text: '' };
        const cell = cells[index];
        const first = !seen.has(index);
        seen.add(index);
        const leftmostInRow = column === 0 || row[column - 1] !== index;
        const text = first || (how === 'copied-down' && leftmostInRow) ? cell.text : '';
        return { text, ...(cell.header ? { header: true } : {}) };
      }),
    ),
  };
}
