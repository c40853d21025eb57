import { type CellLines, type PageTable, tableFromCells } from './page-table';
import type { TableSpan } from '../../document';
import { groupLines } from '../text-lines';
import { splitUnruledRows } from './ruled-bands';
import type { Rule, TextItem } from '../page-text';

/** Positions closer than this are the same rule (borders are drawn per cell, with jitter). */
const TOLERANCE = 2;
/** More rules than this on a page is a drawing, not tables; skip the quadratic grouping. */
const MAX_RULES = 1500;

/**
 * Tables drawn with borders: connected horizontal and vertical rules form a grid
 * (≥ 2 × 2 cells); text inside goes to the cell its left edge and middle fall in.
 * A spanned cell has no rule between it and its neighbour: its text goes to the
 * first cell of the span and the others stay empty, which keeps GFM rows aligned, and
 * the table says which cells span (gridSpans) for the outputs that can write spans.
 * Grids without text in at least two rows and columns (a framed box) are not tables,
 * nor are grids with a cell holding three or more rows of cells (a frame drawn around
 * a borderless table), which are left to the alignment reading.
 */
export function ruledTables(
  items: readonly TextItem[],
  rules: readonly Rule[],
  page: { page: number; height: number },
): { tables: PageTable[]; rest: TextItem[] } {
  if (rules.length > MAX_RULES) return { tables: [], rest: [...items] };
  let rest = [...items];
  const tables: PageTable[] = [];
  for (const group of connectedRules(rules.filter((rule) => rule.to - rule.from >= 4))) {
    const horizontal = group.filter((rule) => rule.horizontal);
    const vertical = group.filter((rule) => !rule.horizontal);
    if (positions(vertical).length < 2 || positions(horizontal).length < 2) continue;
    // A sheet printed without its outer frame: rows ruled across the table, columns only
    // between cells. Where the rules of one direction reach past the last rule of the
    // other, their ends are the table's edges.
    const xs = positions(vertical, ends(horizontal));
    let ys = positions(horizontal, ends(vertical));
    // An edge so implied is kept only where it closes a row that reads as one (text in
    // two or more columns); a title set inside the frame above the first rule, one line
    // across, is left to the page.
    const real = positions(horizontal);
    if (ys[0] < real[0] - TOLERANCE && textColumns(rest, ys[0], ys[1], xs) < 2) ys = ys.slice(1);
    if (ys[ys.length - 1] > real[real.length - 1] + TOLERANCE && textColumns(rest, ys[ys.length - 2], ys[ys.length - 1], xs) < 2)
      ys = ys.slice(0, -1);
    if (xs.length < 3 || ys.length < 3) continue;
    const cells: TextItem[][][] = ys.slice(1).map(() => xs.slice(1).map(() => []));
    const inside: TextItem[] = [];
    for (const item of rest) {
      let row = cellIndex(middleOf(item), ys);
      let col = cellIndex(item.x + 1, xs);
      if (row < 0 || col < 0) continue;
      while (col > 0 && !covered(group, false, xs[col], ys[row], ys[row + 1])) col--;
      while (row > 0 && !covered(group, true, ys[row], xs[col], xs[col + 1])) row--;
      cells[row][col].push(item);
      inside.push(item);
    }
    // A frame around a borderless table (rules around the header and the edges, none
    // between the body's rows): a cell holding rows of its own is read by alignment.
    const rowsInside = (cell: TextItem[]) => groupLines(cell, page).filter((line) => line.segments.length >= 2).length;
    if (cells.some((row) => row.some((cell) => rowsInside(cell) >= 3))) continue;
    // Rows ruled only as a block (a pivot table's body), one per baseline.
    const bands = splitUnruledRows(cells, gridSpans(group, xs, ys), xs, page);
    // …and columns ruled only as a block (a pivot table's column fields under one
    // rule): a column whose cells hold rows of cells of their own is read by alignment too.
    if (xs.slice(1).some((_, col) => bands.cells.filter((row) => rowsInside(row[col]) > 0).length >= 3)) continue;
    const lines = (cell: TextItem[]): CellLines => groupLines(cell, page).map((line) => line.runs);
    const table = tableFromCells(
      bands.cells.map((row) => row.map(lines)),
      bands.spans,
    );
    if (!table) continue;
    const used = new Set(inside);
    rest = rest.filter((item) => !used.has(item));
    tables.push({
      kind: 'table',
      page: page.page,
      pageHeight: page.height,
      left: xs[0],
      right: xs[xs.length - 1],
      top: ys[0],
      bottom: ys[ys.length - 1],
      table,
    });
  }
  return { tables, rest };
}

/**
 * The grid's merged cells: from each cell not yet covered, rightwards while no rule
 * divides it from the next column, then downwards while no rule divides the whole
 * width so far from the next row. A cell spans only where the drawing leaves the
 * border out (a group label over the rows of its group, a header over its columns).
 */
function gridSpans(rules: readonly Rule[], xs: readonly number[], ys: readonly number[]): TableSpan[] {
  const rows = ys.length - 1;
  const columns = xs.length - 1;
  const taken = Array.from({ length: rows }, () => Array.from({ length: columns }, () => false));
  const spans: TableSpan[] = [];
  for (let row = 0; row < rows; row++) {
    for (let column = 0; column < columns; column++) {
      if (taken[row][column]) continue;
      let colSpan = 1;
      while (column + colSpan < columns && !covered(rules, false, xs[column + colSpan], ys[row], ys[row + 1])) colSpan++;
      let rowSpan = 1;
      const open = (r: number) =>
        Array.from({ length: colSpan }, (_, k) => column + k).every((c) => !covered(rules, true, ys[r], xs[c], xs[c + 1]));
      while (row + rowSpan < rows && open(row + rowSpan)) rowSpan++;
      for (let r = row; r < row + rowSpan; r++) for (let c = column; c < column + colSpan; c++) taken[r][c] = true;
      if (rowSpan > 1 || colSpan > 1) spans.push({ row, column, rowSpan, colSpan });
    }
  }
  return spans;
}

/** Groups rules that touch or cross each other (union-find). */
function connectedRules(rules: readonly Rule[]): Rule[][] {
  const parent = rules.map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i])));
  for (let i = 0; i < rules.length; i++) {
    for (let j = i + 1; j < rules.length; j++) {
      if (touches(rules[i], rules[j])) parent[find(i)] = find(j);
    }
  }
  const groups = new Map<number, Rule[]>();
  rules.forEach((rule, i) => groups.set(find(i), [...(groups.get(find(i)) ?? []), rule]));
  return [...groups.values()];
}

function touches(a: Rule, b: Rule): boolean {
  const within = (value: number, from: number, to: number) => value >= from - TOLERANCE && value <= to + TOLERANCE;
  if (a.horizontal === b.horizontal) return Math.abs(a.at - b.at) <= TOLERANCE && a.from <= b.to + TOLERANCE && b.from <= a.to + TOLERANCE;
  return within(a.at, b.from, b.to) && within(b.at, a.from, a.to);
}

/** Where an item's text sits across its line: what decides the row it is in. */
function middleOf(item: TextItem): number {
  return item.y - item.size * 0.3;
}

/** The cell between two grid positions that `at` falls in (from one, up to the next), or -1 outside the grid. */
function cellIndex(at: number, positions: readonly number[]): number {
  if (at < positions[0]) return -1;
  return positions.findIndex((position, i) => i > 0 && at < position) - 1;
}

/** How many columns of the grid hold text whose middle lies between top and bottom. */
function textColumns(items: readonly TextItem[], top: number, bottom: number, xs: readonly number[]): number {
  const columns = new Set<number>();
  for (const item of items) {
    const middle = middleOf(item);
    if (middle < top || middle >= bottom || item.text.trim() === '') continue;
    const col = cellIndex(item.x + 1, xs);
    if (col >= 0) columns.add(col);
  }
  return columns.size;
}

/** Where the rules start and end, outermost: the edges they imply across them. */
function ends(rules: readonly Rule[]): number[] {
  return rules.length === 0 ? [] : [Math.min(...rules.map((rule) => rule.from)), Math.max(...rules.map((rule) => rule.to))];
}

/** Distinct rule positions (and implied edges outside them), nearby ones merged, in order. */
function positions(rules: readonly Rule[], edges: readonly number[] = []): number[] {
  const at = rules.map((rule) => rule.at);
  const outside = edges.filter((edge) => at.length === 0 || edge < Math.min(...at) - TOLERANCE || edge > Math.max(...at) + TOLERANCE);
  const sorted = [...at, ...outside].sort((a, b) => a - b);
  const out: number[] = [];
  for (const at of sorted) if (out.length === 0 || at - out[out.length - 1] > TOLERANCE) out.push(at);
  return out;
}

/** Whether a rule at `at` runs past the middle of the span from..to (a cell border exists there). */
function covered(rules: readonly Rule[], horizontal: boolean, at: number, from: number, to: number): boolean {
  const middle = (from + to) / 2;
  return rules.some(
    (rule) => rule.horizontal === horizontal && Math.abs(rule.at - at) <= TOLERANCE && rule.from <= middle && rule.to >= middle,
  );
}
