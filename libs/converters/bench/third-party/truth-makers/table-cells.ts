import type { TruthCell, TruthTable } from '../truth';
import type { Fix, TableSource } from './table-sources/types';

/** Cell text as the truth keeps it: any run of white space (line breaks, NBSP) one space, trimmed. */
export const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();

export const plainRows = (rows: string[][]): TruthCell[][] => rows.map((row) => row.map((text) => ({ text })));

/**
 * Two rows and two columns at least: documents also lay out notes, call-outs, boxes and
 * PostgreSQL's function entries as one-column or one-row tables, which read as
 * paragraphs on the page and are not scored as tables.
 */
export function isGrid(rows: TruthCell[][]): boolean {
  return rows.length >= 2 && Math.max(...rows.map((row) => row.reduce((n, c) => n + (c.colSpan ?? 1), 0))) >= 2;
}

function requireNoSpans(rows: TruthCell[][], fix: Fix['kind']): void {
  if (rows.some((row) => row.some((cell) => (cell.rowSpan ?? 1) > 1 || (cell.colSpan ?? 1) > 1))) {
    throw new Error(`${fix} is only defined on a table without spans`);
  }
}

export function applyFix(rows: TruthCell[][], fix: Fix): TruthCell[][] {
  switch (fix.kind) {
    case 'dropRows':
      return rows.filter((_, index) => !fix.rows.includes(index));
    case 'dropEmptyRows':
      return rows.filter((row) => row.some((cell) => collapse(cell.text) !== ''));
    case 'dropColumns':
      requireNoSpans(rows, fix.kind);
      return rows.map((row) => row.filter((_, index) => !fix.columns.includes(index)));
    case 'mergeColumns':
      requireNoSpans(rows, fix.kind);
      return rows.map((row, index) => {
        const merged = row.slice(fix.first, fix.last + 1).filter((cell) => collapse(cell.text) !== '');
        if (merged.length > 1) throw new Error(`row ${index} has text in more than one of columns ${fix.first}-${fix.last}`);
        return [...row.slice(0, fix.first), merged[0] ?? { text: '' }, ...row.slice(fix.last + 1)];
      });
    case 'replace':
      return rows.map((row) => row.map((cell) => ({ ...cell, text: cell.text.replace(fix.pattern, fix.replacement) })));
  }
}

/**
 * How many grid columns each row fills, spans from rows above included: a full
 * table's rows must all fill the same number, or the expectation was read wrong.
 */
export function rowWidths(rows: TruthCell[][]): number[] {
  const carried: number[] = []; // per grid column: rows a span from above still covers
  return rows.map((row) => {
    let column = 0;
    const next = [...carried];
    const advancePastCovered = () => {
      while ((carried[column] ?? 0) > 0) {
        next[column] = carried[column] - 1;
        column++;
      }
    };
    for (const cell of row) {
      advancePastCovered();
      for (let c = 0; c < (cell.colSpan ?? 1); c++) next[column + c] = (cell.rowSpan ?? 1) - 1;
      column += cell.colSpan ?? 1;
    }
    advancePastCovered();
    carried.splice(0, carried.length, ...next);
    return column;
  });
}

/** The truth table of one source table, once its raw rows are read. */
export function truthTable(source: TableSource, raw: TruthCell[][]): TruthTable {
  const fixed = (source.fixes ?? []).reduce(applyFix, raw);
  const rows = fixed.map((row) => row.map((cell) => ({ ...cell, text: collapse(cell.text) })));
  const partial = source.partial !== undefined || source.expect.from === 'shape';
  if (!partial && rows.length > 0 && new Set(rowWidths(rows)).size > 1) {
    throw new Error(`page ${source.page}: rows fill different numbers of columns (${rowWidths(rows).join(',')})`);
  }
  const table: TruthTable = { page: source.page, rows };
  if (source.note) table.note = source.note;
  // camelot's and tabula's CSV grids and a test's literal rows cannot write spans; tabula's JSON gives them.
  if (source.expect.from !== 'tabula-json' && source.expect.from !== 'shape') table.flatSpans = source.flatSpans ?? 'blank';
  if (partial) {
    table.partial = true;
    const { firstRow, rowIndices, rowCount, columnCount } = source.partial ?? {};
    if (rows.length > 0) table.rowIndices = rowIndices ?? rows.map((_, index) => (firstRow ?? 0) + index);
    if (table.rowIndices && table.rowIndices.length !== rows.length)
      throw new Error(`page ${source.page}: rowIndices do not match the rows`);
    if (rowCount !== undefined) table.rowCount = rowCount;
    if (columnCount !== undefined) table.columnCount = columnCount;
  }
  return table;
}
