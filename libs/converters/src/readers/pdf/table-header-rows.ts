import type { TableRow } from '../../document';
import { listMarker } from './list-marker';
import { lineRuns } from './pdf-lines';
import type { PdfTextItem } from './pdf-text-item';
import type { PdfLine } from './pdf-lines';
import type { PdfTable } from './pdf-table';
import { runsToInline } from './text-runs';

/** Edges this close (points) are aligned (as in aligned-tables.ts). */
const ALIGN = 4;
/** Gaps wider than this share of the font size separate cells; word spaces are about a quarter. */
const CELL_GAP = 0.5;

/**
 * The line just above a borderless table, when it is a row of that table the
 * alignment test could not see: a header whose cells span columns (booktabs
 * `\multicolumn` over a `\cmidrule`, centred, so no cell starts at a column edge), or
 * a first row whose cell gap is narrower than the others' (the widest label of a
 * key–value table). It must sit within a row pitch or two above, inside the table's
 * width, and split at gaps wider than a word space into pieces that fall into at
 * least two columns. Each piece goes to the last column starting left of it; a
 * spanning cell fills the first column of its span, as ruled tables do.
 */
export function rowAbove(line: PdfLine, table: PdfTable, starts: readonly number[]): TableRow | undefined {
  if (line.page !== table.page || line.mono || listMarker(line.text)) return undefined;
  const gap = table.top + line.size - line.y;
  if (gap <= 0 || gap > 2.5 * line.size || line.x < table.left - ALIGN || line.right > table.right + ALIGN) return undefined;
  const cells: PdfTextItem[][] = starts.map(() => []);
  for (const piece of pieces(
    line.segments.flatMap((segment) => segment.items),
    line.size,
  )) {
    const column = starts.reduce((found, start, k) => (start <= piece[0].x + ALIGN ? k : found), 0);
    cells[column].push(...piece);
  }
  if (cells.filter((cell) => cell.length > 0).length < 2) return undefined;
  return cells.map((cell) => (cell.length === 0 ? [] : runsToInline(lineRuns(cell))));
}

/** The table with `row` added on top: as its header when it has one (the header row moves down), else as its first row. */
export function withRowAbove(table: PdfTable, row: TableRow, line: PdfLine): PdfTable {
  const { header, rows } = table.table;
  const body = header ? [header, ...rows] : rows;
  return {
    ...table,
    top: line.y - line.size,
    table: { ...table.table, ...(header ? { header: row } : {}), rows: header ? body : [row, ...body] },
  };
}

function pieces(items: readonly PdfTextItem[], size: number): PdfTextItem[][] {
  const out: PdfTextItem[][] = [];
  for (const item of items) {
    const last = out[out.length - 1];
    const end = last ? Math.max(...last.map((other) => other.x + other.width)) : 0;
    if (last && item.x - end <= CELL_GAP * size) last.push(item);
    else out.push([item]);
  }
  return out;
}
