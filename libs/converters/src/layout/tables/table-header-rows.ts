import type { TableRow } from '../../document';
import { listMarker } from '../list-marker';
import { type TextLine, type TextRun, groupLines, lineRuns } from '../text-lines';
import { EDGE, bounds, groupItems } from './narrow-columns';
import type { TextItem } from '../page-text';
import { type PageTable, joinCell } from './page-table';
import { runsToInline } from '../text-runs';

/** Gaps wider than this share of the font size separate cells; word spaces are about a quarter. */
const CELL_GAP = 0.5;

/** How far a column's cells reach across the page. */
export interface ColumnExtent {
  x: number;
  right: number;
}

/** Share of a table's columns (and at least three) a header line must name for its words to be read one by one. */
const DENSE_HEADER = 0.6;
/** Words of a spanning title over a header row ("Modern method", "Percent distribution"); more reads as a sentence. */
const MAX_SPANNER_WORDS = 4;
/** A gap between items wider than this share of the font size is a word space (as in narrow-columns.ts). */
const WORD_GAP = 0.15;

/**
 * The line just above a borderless table, when it is a row of that table the
 * alignment test could not see: a header whose cells span columns (booktabs
 * `\multicolumn` over a `\cmidrule`, centred, so no cell starts at a column edge), a
 * header line of a statistical table whose words, centred over right-aligned figures,
 * run together, or a first row whose cell gap is narrower than the others' (the widest
 * label of a key–value table). It must sit within a row pitch or two above (a few when
 * it names most of three or more columns), inside the table's width, and fall into at
 * least two columns.
 *
 * A line that names most of the columns is read word by word, each word going to the
 * column its text overlaps most (or the nearest); so "method sterilization Pill" over
 * three columns is three cells. Any other line is cut at gaps wider than a word space
 * into pieces, each going to the first column it overlaps: a spanning header such as
 * "Modern method" stays one cell, at the start of its span, as ruled tables place one.
 * A piece over several columns must be short, as such titles are: a sentence set
 * across the table above it is not one of its rows. With `namingAll`, only a line that
 * names most columns is taken.
 */
export function rowAbove(line: TextLine, table: PageTable, columns: readonly ColumnExtent[], namingAll = false): TableRow | undefined {
  if (line.page !== table.page || line.mono || listMarker(line.text)) return undefined;
  const gap = table.top + line.size - line.y;
  const items = line.segments.flatMap((segment) => segment.items);
  // Headers may reach a little past the cells under them: the first column's left of
  // indented row labels, the last one's right of right-aligned figures. A key–value
  // table's first value may be its longest, running past the rest: a line whose label
  // ends before the values' column and whose value starts where their cells start.
  const reachesPast = line.right > table.right + 2 * line.size && !keyOverValue(items, columns, line.size);
  if (gap <= 0 || line.x < table.left - 2 * line.size || reachesPast) return undefined;
  const wordItems = groupItems(items, () => WORD_GAP * line.size);
  // Column names are a word or two each, one name to a column.
  const homes = wordItems.map((word) => mostOverlapped(word, columns));
  const perColumn = columns.map((_, k) => homes.filter((home) => home === k).length);
  const dense = new Set(homes).size >= Math.max(3, DENSE_HEADER * columns.length) && perColumn.every((count) => count <= MAX_SPANNER_WORDS);
  // A line naming most of three or more columns is their header even set farther apart (a rule and space under it).
  if (gap > (dense && columns.length >= 3 ? 5 : 2.5) * line.size) return undefined;
  if (namingAll && !dense) return undefined;
  // A word a space after the one before it, starting where a column's cells start, begins that column's cell:
  // the widest label of a key–value table may leave its value no more than a word space.
  const starts = columns.slice(1).map((column) => column.x);
  const pieces = dense
    ? wordItems
    : groupItems(items, (item) => (starts.some((x) => Math.abs(item.x - x) <= EDGE) ? WORD_GAP : CELL_GAP) * line.size);
  // A piece over several columns is a spanning title, which is short: a sentence across the table ("Bill to: …") is not a row.
  const words = (piece: TextItem[]) =>
    lineRuns(piece)
      .map((run) => run.text)
      .join('')
      .split(/\s+/).length;
  if (!dense && pieces.some((piece) => overlapped(piece, columns).length > 1 && words(piece) > MAX_SPANNER_WORDS)) return undefined;
  const cells: TextItem[][] = columns.map(() => []);
  for (const piece of pieces) {
    const under = overlapped(piece, columns);
    const column = dense ? mostOverlapped(piece, columns) : (under[0] ?? nearest(piece, columns));
    cells[column].push(...piece);
  }
  if (cells.filter((cell) => cell.length > 0).length < 2) return undefined;
  return cells.map((cell) => (cell.length === 0 ? [] : runsToInline(cellRuns(cell, line))));
}

/**
 * A line of a two-column table's key and value: its words up to the values' column lie
 * inside the first column, and the word after them starts where the values start, after
 * a gap wider than a word space.
 */
function keyOverValue(items: readonly TextItem[], columns: readonly ColumnExtent[], size: number): boolean {
  if (columns.length !== 2 || items.length < 2) return false;
  const start = columns[1].x;
  const cut = items.findIndex((item, k) => k > 0 && Math.abs(item.x - start) <= EDGE);
  if (cut < 0) return false;
  const key = bounds(items.slice(0, cut));
  return key.x >= columns[0].x - EDGE && key.right < start - WORD_GAP * size;
}

/**
 * A cell's runs: its items line by line (a header row of staggered lines gives a cell
 * one item from each, "Read &" over "Write"), joined as any table cell's lines are.
 */
function cellRuns(items: readonly TextItem[], line: TextLine): TextRun[] {
  return joinCell(groupLines(items, { page: line.page, height: line.pageHeight }).map((cellLine) => cellLine.runs));
}

/** How far two extents overlap (points); zero or less when they do not. */
export function overlapOf(a: ColumnExtent, b: ColumnExtent): number {
  return Math.min(a.right, b.right) - Math.max(a.x, b.x);
}

/** The columns whose cells the items overlap, left to right. */
function overlapped(items: readonly TextItem[], columns: readonly ColumnExtent[]): number[] {
  const extent = bounds(items);
  return columns.flatMap((column, k) => (overlapOf(extent, column) > 0 ? [k] : []));
}

function mostOverlapped(items: readonly TextItem[], columns: readonly ColumnExtent[]): number {
  const extent = bounds(items);
  const best = columns.reduce((found, column, k) => (overlapOf(extent, column) > overlapOf(extent, columns[found]) ? k : found), 0);
  return overlapOf(extent, columns[best]) > 0 ? best : nearest(items, columns);
}

/** The column whose middle is nearest the items' middle. */
function nearest(items: readonly TextItem[], columns: readonly ColumnExtent[]): number {
  const extent = bounds(items);
  const middle = (e: ColumnExtent) => (e.x + e.right) / 2;
  return columns.reduce(
    (found, column, k) => (Math.abs(middle(column) - middle(extent)) < Math.abs(middle(columns[found]) - middle(extent)) ? k : found),
    0,
  );
}

/** The table with `row` added on top: as its header when it has one (the header row moves down), else as its first row. */
export function withRowAbove(table: PageTable, row: TableRow, line: TextLine): PageTable {
  const { header, rows } = table.table;
  const body = header ? [header, ...rows] : rows;
  return {
    ...table,
    top: line.y - line.size,
    table: { ...table.table, ...(header ? { header: row } : {}), rows: header ? body : [row, ...body] },
  };
}
