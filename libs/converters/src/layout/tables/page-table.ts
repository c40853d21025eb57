import type { Table, TableRow, TableSpan } from '../../document';
import type { TextLine, TextRun } from '../text-lines';
import { appendLine, runsToInline } from '../text-runs';

/** A table found on a page, placed in the reading flow by its top edge. */
export interface PageTable {
  kind: 'table';
  page: number;
  left: number;
  right: number;
  top: number;
  /** Bottom edge, where the detector knows it. */
  bottom?: number;
  /** The height of its page: a page break does not change the paper, so a table never runs on to a page of another size. */
  pageHeight?: number;
  /** The file's own identity of a table it declares over several pages (tagged PDFs): parts with the same one are one table. */
  part?: string;
  table: Table;
}

/** What a page contributes to the document, in reading order. */
export type FlowElement = TextLine | PageTable;

export function isTable(element: FlowElement): element is PageTable {
  return 'kind' in element && element.kind === 'table';
}

/** One cell: the runs of each of its lines, top to bottom. */
export type CellLines = TextRun[][];

/**
 * Cells → an IR table. A cell's lines are joined like a paragraph's (hyphenated words
 * rejoined). The first row is the header when all its text is bold, the common way a
 * PDF shows one; otherwise the table has no header and renderers promote row one.
 * Rows and columns empty in every cell (left by spanned cells or stray rules) are
 * dropped; `spans` (over `rows` as given, each with its text in its top-left cell)
 * shrink by the rows and columns dropped under them.
 */
export function tableFromCells(rows: readonly CellLines[][], spans: readonly TableSpan[] = []): Table | undefined {
  const joined = rows.map((row) => row.map(joinCell));
  const width = Math.max(0, ...joined.map((row) => row.length));
  const used = Array.from({ length: width }, (_, col) => joined.some((row) => (row[col]?.length ?? 0) > 0));
  const kept = joined.map((row) => row.some((cell) => cell.length > 0));
  const grid = joined
    .filter((_, r) => kept[r])
    .map((row) => Array.from({ length: width }, (_, col) => row[col] ?? []).filter((_, col) => used[col]));
  if (grid.length < 2 || (grid[0]?.length ?? 0) < 2) return undefined;
  const shrunk = shrinkSpans(spans, kept, used);
  const [first, ...rest] = grid;
  const headerIsBold = first.every((cell) => cell.every((run) => run.bold || run.text.trim() === ''));
  const toRow = (cells: TextRun[][]): TableRow => cells.map((cell) => runsToInline(cell));
  const withSpans = shrunk.length > 0 ? { spans: shrunk } : {};
  if (headerIsBold) {
    // Bold is what marks the header: inside it, it would only repeat that.
    return {
      type: 'table',
      header: first.map((cell) => runsToInline(cell.map((run) => ({ ...run, bold: false })))),
      rows: rest.map(toRow),
      ...withSpans,
    };
  }
  return { type: 'table', rows: grid.map(toRow), ...withSpans };
}

/** Spans over the rows and columns kept: positions renumbered, each span counting only the kept ones it covers. */
function shrinkSpans(spans: readonly TableSpan[], keptRows: readonly boolean[], keptColumns: readonly boolean[]): TableSpan[] {
  const before = (kept: readonly boolean[], at: number) => kept.slice(0, at).filter(Boolean).length;
  return spans.flatMap((span) => {
    if (!keptRows[span.row] || !keptColumns[span.column]) return [];
    const rowSpan = before(keptRows, span.row + span.rowSpan) - before(keptRows, span.row);
    const colSpan = before(keptColumns, span.column + span.colSpan) - before(keptColumns, span.column);
    if (rowSpan === 1 && colSpan === 1) return [];
    return [{ row: before(keptRows, span.row), column: before(keptColumns, span.column), rowSpan, colSpan }];
  });
}

/** A cell's lines joined like a paragraph's (hyphenated words rejoined). */
export function joinCell(lines: CellLines): TextRun[] {
  const runs: TextRun[] = [];
  for (const line of lines)
    appendLine(
      runs,
      line.map((run) => ({ ...run })),
    );
  return runs;
}
