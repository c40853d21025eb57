import { type TableRow, inlineText } from '../../document';
import { type FlowElement, type PageTable, isTable } from './page-table';

/** Table edges this close (points) are the same table's. */
const ALIGN = 4;

/**
 * Joins a table that a page break cut in two: the last element of one page and the
 * first of the next (running headers and footers already removed) are tables with
 * as many columns, and the second either repeats the first's header row (word
 * processors repeat it on every page) or starts at the same left edge without a
 * header of its own, or a tagged PDF declares both one table; never onto a page of
 * another size, unless the tags say so. The repeated header is dropped.
 */
export function joinContinuedTables(flow: readonly FlowElement[]): FlowElement[] {
  const out: FlowElement[] = [];
  for (const element of flow) {
    const previous = out[out.length - 1];
    const joined = previous && isTable(previous) && isTable(element) ? joinPair(previous, element) : undefined;
    if (joined) out[out.length - 1] = joined;
    else out.push(element);
  }
  return out;
}

function joinPair(first: PageTable, second: PageTable): PageTable | undefined {
  if (second.page !== first.page + 1 || width(first) !== width(second)) return undefined;
  // Pages of another size are another sheet (a workbook printed a page per sheet), not the paper a page break went on to.
  const resized = first.pageHeight !== undefined && second.pageHeight !== undefined && Math.abs(first.pageHeight - second.pageHeight) > 1;
  const header = first.table.header ?? first.table.rows[0];
  const secondRows = second.table.header ? [second.table.header, ...second.table.rows] : second.table.rows;
  const repeats = header !== undefined && secondRows.length > 0 && rowText(secondRows[0]) === rowText(header);
  const sameEdge = !second.table.header && Math.abs(first.left - second.left) <= ALIGN;
  // The file says they are one table (a tagged PDF's tree): centred or short cells move the text's edge.
  const declaredOne = first.part !== undefined && first.part === second.part;
  if (declaredOne ? false : resized || (!repeats && !sameEdge)) return undefined;
  const skipped = repeats ? 1 : 0;
  const rows = [...first.table.rows, ...secondRows.slice(skipped)];
  // Span rows count the header first: the second part's move down by the first part's rows.
  const offset = (first.table.header ? 1 : 0) + first.table.rows.length - skipped;
  const spans = [
    ...(first.table.spans ?? []),
    ...(second.table.spans ?? []).flatMap((span) => (span.row >= skipped ? [{ ...span, row: span.row + offset }] : [])),
  ];
  // The joined table keeps the first part's place and page; its right edge is the wider one.
  return {
    ...first,
    right: Math.max(first.right, second.right),
    table: { ...first.table, rows, ...(spans.length > 0 ? { spans } : {}) },
  };
}

function width(element: PageTable): number {
  return (element.table.header ?? element.table.rows[0] ?? []).length;
}

function rowText(row: TableRow): string {
  return JSON.stringify(row.map((cell) => inlineText(cell).replace(/\s+/g, ' ').trim()));
}
