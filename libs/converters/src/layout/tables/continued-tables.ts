import { type TableRow, inlineText } from '../../document';
import { type FlowElement, type PageTable, isTable } from './page-table';

/** Table edges this close (points) are the same table's. */
const ALIGN = 4;
/**
 * A page break cuts a table because its next row does not fit: a first part ending
 * more than this many of its rows above where the document's body text ends on such
 * pages (and more than ROOM_SHARE of the page) had room for it, so the table ended there.
 */
const ROOM_ROWS = 3;
const ROOM_SHARE = 0.1;

/**
 * Joins a table that a page break cut in two: the last element of one page and the
 * first of the next (running headers and footers already removed) are tables with
 * as many columns, and the second either repeats the first's header row (word
 * processors repeat it on every page) or starts at the same left edge without a
 * header of its own, or a tagged PDF declares both one table; never onto a page of
 * another size, unless the tags say so, nor when the first part stops well above the
 * foot of the body text (see ROOM_ROWS). The repeated header is dropped.
 */
export function joinContinuedTables(flow: readonly FlowElement[]): FlowElement[] {
  const feet = bodyFeet(flow);
  const out: FlowElement[] = [];
  // A joined table's last part: a third part goes on from the second's page and foot, not the first's.
  const lastPart = new Map<PageTable, PageTable>();
  for (const element of flow) {
    const previous = out[out.length - 1];
    if (previous && isTable(previous) && isTable(element)) {
      const tail = lastPart.get(previous) ?? previous;
      const joined = endsWithRoom(tail, feet) ? undefined : joinPair(previous, element, tail);
      if (joined) {
        out[out.length - 1] = joined;
        lastPart.set(joined, element);
        continue;
      }
    }
    out.push(element);
  }
  return out.map((element) => (isTable(element) && element.part !== undefined ? withoutEmptyColumns(element) : element));
}

/**
 * A declared table's parts keep every column of the file's grid (tagged-tables.ts), so
 * that a column empty on one page still lines up with the others; columns empty in
 * every part are dropped here, once the parts are one table, the spans across them shortened.
 */
function withoutEmptyColumns(element: PageTable): PageTable {
  const { table } = element;
  const rows = table.header ? [table.header, ...table.rows] : table.rows;
  const width = Math.max(0, ...rows.map((row) => row.length));
  const keep = Array.from({ length: width }, (_, col) => rows.some((row) => row[col] !== undefined && cellText(row[col]) !== ''));
  if (keep.every(Boolean)) return element;
  const before = (col: number) => keep.slice(0, col).filter(Boolean).length;
  const cut = (row: TableRow): TableRow => row.filter((_, col) => keep[col]);
  const spans = (table.spans ?? []).flatMap((span) => {
    const colSpan = before(span.column + span.colSpan) - before(span.column);
    if (!keep[span.column] || (colSpan <= 1 && span.rowSpan <= 1)) return [];
    return [{ ...span, column: before(span.column), colSpan }];
  });
  const { spans: _dropped, ...rest } = table;
  return {
    ...element,
    table: {
      ...rest,
      ...(table.header ? { header: cut(table.header) } : {}),
      rows: table.rows.map(cut),
      ...(spans.length > 0 ? { spans } : {}),
    },
  };
}

/** `tail`: the first table's last part, on the page before the second's (the first table itself, unless it was joined already). */
function joinPair(first: PageTable, second: PageTable, tail: PageTable): PageTable | undefined {
  if (second.page !== tail.page + 1 || width(first) !== width(second)) return undefined;
  // Pages of another size are another sheet (a workbook printed a page per sheet), not the paper a page break went on to.
  const resized = tail.pageHeight !== undefined && second.pageHeight !== undefined && Math.abs(tail.pageHeight - second.pageHeight) > 1;
  const header = first.table.header ?? first.table.rows[0];
  const secondRows = second.table.header ? [second.table.header, ...second.table.rows] : second.table.rows;
  const repeats = header !== undefined && secondRows.length > 0 && rowText(secondRows[0]) === rowText(header);
  // A first row that repeats some of the header's cells but not all is a sibling table's own header ("2019 | Total", then "2020 | Total").
  const sameEdge =
    !second.table.header && Math.abs(tail.left - second.left) <= ALIGN && !(header && secondRows[0] && echoes(header, secondRows[0]));
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
  // Each page's rows keep their page, so a reader can cite the page a row is on.
  const pageStarts = [
    ...(first.table.pageStarts ?? []),
    ...(secondRows.length > skipped ? [{ row: offset + skipped, page: second.page }] : []),
    ...(second.table.pageStarts ?? []).map((start) => ({ ...start, row: start.row + offset })),
  ];
  // The joined table keeps the first part's place and page; its right edge is the wider one.
  return {
    ...first,
    right: Math.max(first.right, second.right),
    table: { ...first.table, rows, ...(spans.length > 0 ? { spans } : {}), ...(pageStarts.length > 0 ? { pageStarts } : {}) },
  };
}

/** Where the body text ends, lowest over the document's pages of each height (running headers and footers are already out of the flow). */
function bodyFeet(flow: readonly FlowElement[]): Map<number, number> {
  const feet = new Map<number, number>();
  for (const element of flow) {
    const height = element.pageHeight;
    const foot = isTable(element) ? element.bottom : element.y;
    if (height === undefined || foot === undefined) continue;
    const key = Math.round(height);
    feet.set(key, Math.max(feet.get(key) ?? 0, foot));
  }
  return feet;
}

/** The table stops with room on its page for more of its rows: no page break cut it (unless the tags say it goes on). */
function endsWithRoom(table: PageTable, feet: ReadonlyMap<number, number>): boolean {
  if (table.bottom === undefined || table.pageHeight === undefined || table.part !== undefined) return false;
  const foot = feet.get(Math.round(table.pageHeight));
  if (foot === undefined) return false;
  const rows = table.table.rows.length + (table.table.header ? 1 : 0);
  const rowHeight = (table.bottom - table.top) / Math.max(1, rows);
  return foot - table.bottom > Math.max(ROOM_ROWS * rowHeight, ROOM_SHARE * table.pageHeight);
}

function width(element: PageTable): number {
  return (element.table.header ?? element.table.rows[0] ?? []).length;
}

/** Some column holds the same words, not a number, in both rows. */
function echoes(header: TableRow, row: TableRow): boolean {
  return header.some((cell, col) => {
    const text = cellText(cell);
    return text !== '' && !/^[\d\s.,%()+-]*$/.test(text) && row[col] !== undefined && cellText(row[col]) === text;
  });
}

function cellText(cell: TableRow[number]): string {
  return inlineText(cell).replace(/\s+/g, ' ').trim();
}

function rowText(row: TableRow): string {
  return JSON.stringify(row.map(cellText));
}
