import type { HTMLElement } from 'node-html-parser';
import { type Block, type Inline, type TableRow, normalizeInline } from '../../document';
import { childElements } from './html-dom';
import { inlineOf } from './html-inline';

/**
 * A data table. The header is the <thead> row, or a first row made only of <th>.
 * Cells keep inline content only (line breaks become spaces: a GFM cell is one line)
 * and rows are padded to the same width so every renderer gets a rectangle.
 */
export function tableBlock(table: HTMLElement, insideContent: boolean): Block[] {
  const caption = childElements(table, 'caption')[0];
  const head = childElements(table, 'thead').flatMap((group) => childElements(group, 'tr'));
  const body = [table, ...childElements(table, 'tbody', 'tfoot')].flatMap((group) => childElements(group, 'tr'));
  const rows = [...head, ...body].map((row) => ({
    element: row,
    cells: childElements(row, 'td', 'th').map((cell) => cellContent(cell, insideContent)),
  }));
  const nonEmpty = rows.filter((row) => row.cells.length > 0);
  if (nonEmpty.length === 0) return [];

  const first = nonEmpty[0];
  const headerIsFirst = head.includes(first.element) || childElements(first.element, 'td').length === 0;
  const width = Math.max(...nonEmpty.map((row) => row.cells.length));
  const pad = (cells: TableRow): TableRow => [...cells, ...Array.from({ length: width - cells.length }, () => [])];

  const blocks: Block[] = [];
  const captionContent = caption ? normalizeInline(inlineOf(caption.childNodes, insideContent)) : [];
  if (captionContent.length > 0) blocks.push({ type: 'paragraph', content: captionContent });
  blocks.push({
    type: 'table',
    ...(headerIsFirst ? { header: pad(first.cells) } : {}),
    rows: (headerIsFirst ? nonEmpty.slice(1) : nonEmpty).map((row) => pad(row.cells)),
  });
  return blocks;
}

function cellContent(cell: HTMLElement, insideContent: boolean): Inline[] {
  const flat = inlineOf(cell.childNodes, insideContent).map((node): Inline => (node.type === 'break' ? { type: 'text', text: ' ' } : node));
  return normalizeInline(flat);
}
