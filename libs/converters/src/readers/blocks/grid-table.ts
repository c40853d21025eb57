import type { Inline, Table, TableCell, TableRow } from '../../document';

/**
 * Tabular sources (spreadsheets, CSV) → one IR table. Shared by the spreadsheet
 * and CSV readers so both trim, pad and split lines the same way.
 *
 * These tables can hold a million cells, so the loops here are plain `for` loops
 * that allocate only what the result keeps: no closure, spread or temporary array
 * per cell (with a million cells, each of those costs tens of megabytes and seconds).
 */

/** The filled area of a grid: rows `top`..`bottom` and columns `left`..`right`, inclusive. */
export interface GridBounds {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

/** True for a cell that shows something (not absent, not only whitespace). */
export function isFilledCell(text: string | undefined): boolean {
  // Most cells start with a visible ASCII character: skip trim()'s copy for them.
  if (text === undefined || text === '') return false;
  const first = text.charCodeAt(0);
  if (first > 32 && first < 127) return true;
  return text.trim() !== '';
}

/** The smallest rectangle holding every filled cell; undefined when there is none. */
export function gridBounds(rows: readonly (readonly (string | undefined)[] | undefined)[]): GridBounds | undefined {
  let top = -1;
  let bottom = -1;
  let left = Infinity;
  let right = -1;
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r];
    if (!row) continue;
    for (let c = 0; c < row.length; c++) {
      if (!isFilledCell(row[c])) continue;
      if (top < 0) top = r;
      bottom = r;
      if (c < left) left = c;
      if (c > right) right = c;
    }
  }
  return top < 0 ? undefined : { top, bottom, left, right };
}

/** Cells a trimmed grid within these bounds has: what the readers' cell caps count. */
export function boundsCells(bounds: GridBounds | undefined): number {
  return bounds ? (bounds.bottom - bounds.top + 1) * (bounds.right - bounds.left + 1) : 0;
}

/**
 * Pads ragged rows to the widest row and drops rows and columns that are empty at
 * any edge (formatted-but-empty cells and trailing delimiters widen a grid past its
 * data). Inner empty rows and columns stay: they are part of the layout.
 */
export function trimGrid(rows: readonly (readonly string[])[]): string[][] {
  const bounds = gridBounds(rows);
  if (!bounds) return [];
  const width = bounds.right - bounds.left + 1;
  const out: string[][] = new Array<string[]>(bounds.bottom - bounds.top + 1);
  for (let r = bounds.top; r <= bounds.bottom; r++) {
    const row = rows[r];
    const cells = new Array<string>(width);
    for (let c = 0; c < width; c++) cells[c] = row[bounds.left + c] ?? '';
    out[r - bounds.top] = cells;
  }
  return out;
}

/** First row as the header: tabular files rarely say whether they have one, most do. */
export function gridTable(grid: readonly (readonly string[])[]): Table | undefined {
  if (grid.length === 0) return undefined;
  const rows: TableRow[] = new Array<TableRow>(grid.length - 1);
  for (let r = 1; r < grid.length; r++) rows[r - 1] = cellsOf(grid[r]);
  return { type: 'table', header: cellsOf(grid[0]), rows };
}

function cellsOf(texts: readonly string[]): TableRow {
  const row: TableRow = new Array<TableCell>(texts.length);
  for (let c = 0; c < texts.length; c++) row[c] = cellInline(texts[c]);
  return row;
}

/**
 * The table of an untrimmed grid within `bounds` (see gridBounds), padded and
 * trimmed as trimGrid does but straight into IR cells, without the trimmed copy of
 * the grid in between. First row as the header, as in gridTable.
 */
export function trimmedTable(
  rows: readonly (readonly (string | undefined)[] | undefined)[],
  bounds: GridBounds | undefined,
): Table | undefined {
  if (!bounds) return undefined;
  const body: TableRow[] = new Array<TableRow>(bounds.bottom - bounds.top);
  for (let r = bounds.top + 1; r <= bounds.bottom; r++) body[r - bounds.top - 1] = tableRow(rows[r], bounds);
  return { type: 'table', header: tableRow(rows[bounds.top], bounds), rows: body };
}

function tableRow(texts: readonly (string | undefined)[] | undefined, bounds: GridBounds): TableRow {
  const width = bounds.right - bounds.left + 1;
  const row: TableRow = new Array<TableCell>(width);
  for (let c = 0; c < width; c++) row[c] = cellInline(texts?.[bounds.left + c] ?? '');
  return row;
}

/**
 * Empty cells, often most of a sparse sheet, share one frozen empty array: nothing
 * writes to IR cells after a reader made them, and freezing makes sure of it.
 */
const EMPTY_CELL: TableCell = Object.freeze([]) as unknown as TableCell;

/** Line breaks inside a cell stay breaks; the renderers decide how to show them. */
export function cellInline(raw: string): TableCell {
  const text = raw.trim();
  if (text === '') return EMPTY_CELL;
  // The common case, one line: one node, without split()'s arrays.
  if (text.indexOf('\n') < 0 && text.indexOf('\r') < 0) return [{ type: 'text', text }];
  const cell: Inline[] = [];
  const lines = text.split(/\r\n?|\n/);
  for (let i = 0; i < lines.length; i++) {
    if (i > 0) cell.push({ type: 'break' });
    if (lines[i] !== '') cell.push({ type: 'text', text: lines[i] });
  }
  return cell;
}
