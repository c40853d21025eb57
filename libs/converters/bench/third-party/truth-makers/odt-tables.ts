import { DOMParser, type Element, type Node } from '@xmldom/xmldom';
import { unzipSync } from 'fflate';
import type { TruthCell } from '../truth';
import { tidy, type SourceTable } from './pandoc-ast';

/**
 * An ODF text document's tables read from its `content.xml`, because pandoc 2.17's ODT
 * reader (Debian 12's) drops `table:table-header-rows` and ignores
 * `number-columns-spanned`/`number-rows-spanned`: on an invoice template it lost the
 * header row and gave "Subtotal", a cell spanning four columns, a column of its own.
 * The truth must be the source's table, so ODF tables come from here; Word files still
 * come from pandoc, whose DOCX reader keeps header rows and spans.
 *
 * Cells are listed as HTML lists them (a covered cell is not repeated). A cell's text is
 * its paragraphs' text, one space between them, without notes, annotations and drawings,
 * which pandoc leaves out of a cell's text too.
 */

const TABLE_NS = 'urn:oasis:names:tc:opendocument:xmlns:table:1.0';

/** Elements whose text is not the cell's running text. */
const SKIPPED = new Set([
  'text:note',
  'office:annotation',
  'office:annotation-end',
  'draw:frame',
  'text:tracked-changes',
  'text:bookmark-ref',
]);

/** Elements that end a run of text (a paragraph, a heading, a list item): a space follows them. */
const BREAKS = new Set(['text:p', 'text:h', 'text:line-break', 'text:tab', 'text:s', 'text:list-item']);

function textOf(node: Node): string {
  let out = '';
  const visit = (current: Node) => {
    if (current.nodeType === 3) {
      out += current.nodeValue ?? '';
      return;
    }
    if (current.nodeType !== 1) return;
    const name = (current as Element).tagName;
    if (SKIPPED.has(name)) return;
    for (let child = current.firstChild; child; child = child.nextSibling) visit(child);
    if (BREAKS.has(name)) out += ' ';
  };
  visit(node);
  return tidy(out);
}

function childElements(parent: Element, names: string[]): Element[] {
  const found: Element[] = [];
  for (let child = parent.firstChild; child; child = child.nextSibling)
    if (child.nodeType === 1 && names.includes((child as Element).tagName)) found.push(child as Element);
  return found;
}

/** Rows in order with whether they are header rows: header-rows, row-groups and plain rows may nest. */
function rowsOf(parent: Element, header: boolean): { row: Element; header: boolean }[] {
  const rows: { row: Element; header: boolean }[] = [];
  for (const child of childElements(parent, ['table:table-header-rows', 'table:table-rows', 'table:table-row-group', 'table:table-row'])) {
    if (child.tagName === 'table:table-row') {
      // A repeated row (number-rows-repeated) is an empty filler in practice; one is enough to keep the grid.
      rows.push({ row: child, header });
    } else rows.push(...rowsOf(child, header || child.tagName === 'table:table-header-rows'));
  }
  return rows;
}

function span(element: Element, attribute: string): number {
  const value = Number(element.getAttributeNS(TABLE_NS, attribute) || element.getAttribute(`table:${attribute}`) || '1');
  return Number.isInteger(value) && value > 1 ? value : 1;
}

function tableOf(table: Element): SourceTable {
  let nested = false;
  const rows: TruthCell[][] = [];
  for (const { row, header } of rowsOf(table, false)) {
    const cells: TruthCell[] = [];
    for (const element of childElements(row, ['table:table-cell'])) {
      nested ||= element.getElementsByTagNameNS(TABLE_NS, 'table').length > 0;
      const cell: TruthCell = { text: textOf(element) };
      const rowSpan = span(element, 'number-rows-spanned');
      const colSpan = span(element, 'number-columns-spanned');
      if (rowSpan > 1) cell.rowSpan = rowSpan;
      if (colSpan > 1) cell.colSpan = colSpan;
      if (header) cell.header = true;
      // A repeated cell (number-columns-repeated) is listed once per column it fills.
      const repeated = Math.min(span(element, 'number-columns-repeated'), 64);
      for (let i = 0; i < repeated; i++) cells.push({ ...cell });
    }
    rows.push(cells);
  }
  return { rows, nested };
}

/** The document's outermost tables in order (those not inside another table), from an .odt/.ott file's bytes. */
export function odtTables(bytes: Uint8Array): SourceTable[] {
  const content = unzipSync(bytes, { filter: (file) => file.name === 'content.xml' })['content.xml'];
  if (!content) throw new Error('no content.xml: not an ODF package');
  const doc = new DOMParser().parseFromString(Buffer.from(content).toString('utf8'), 'text/xml');
  const tables: SourceTable[] = [];
  const all = doc.getElementsByTagNameNS(TABLE_NS, 'table');
  for (let i = 0; i < all.length; i++) {
    const table = all[i];
    let outer = true;
    for (let up = table.parentNode; up; up = up.parentNode)
      if (up.nodeType === 1 && (up as Element).tagName === 'table:table') outer = false;
    if (!outer) continue;
    const read = tableOf(table);
    if (read.rows.length > 0) tables.push(read);
  }
  return tables;
}
