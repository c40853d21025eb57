import { imageToken } from '@docformat/contracts';
import { type Block, type Image, type Inline, type TablePageStart, type TableRow, inlineText } from '../../document';
import type { JsonBlock, JsonInline, JsonTableCell, JsonTableRow } from './document-json';

/**
 * IR blocks → JSON blocks. Every block carries the page it starts on: its own when
 * the reader set one, else its container's or, at the top level, the page the
 * caller passes (see page-groups.ts). A box is passed on only where the reader
 * measured one.
 */
export function jsonBlocks(blocks: readonly Block[], page: number): JsonBlock[] {
  const out: JsonBlock[] = [];
  for (const block of blocks) out.push(jsonBlock(block, block.page ?? page));
  return out;
}

function jsonBlock(block: Block, page: number): JsonBlock {
  const position = { page, ...(block.bbox ? { bbox: block.bbox } : {}) };
  switch (block.type) {
    case 'heading':
      return { type: 'heading', level: block.level, ...textOf(block.content), ...position };
    case 'paragraph':
      return { type: 'paragraph', ...textOf(block.content), ...position };
    case 'list':
      return {
        type: 'list',
        ordered: block.ordered,
        ...(block.ordered && block.start !== undefined ? { start: block.start } : {}),
        items: block.items.map((item) => ({ blocks: jsonBlocks(item.blocks, page) })),
        ...position,
      };
    case 'table': {
      // Plain loops: spreadsheet tables reach a million cells.
      const rows: JsonTableRow[] = [];
      const headerRows = block.header ? (block.headerRows ?? 1) : 0;
      if (block.header) rows.push(jsonRow(block.header, true));
      for (const row of block.rows) rows.push(jsonRow(row, rows.length < headerRows));
      for (const span of block.spans ?? []) {
        const cell = rows[span.row]?.cells[span.column];
        if (!cell) continue;
        if (span.rowSpan > 1) cell.rowSpan = span.rowSpan;
        if (span.colSpan > 1) cell.colSpan = span.colSpan;
      }
      if (block.pageStarts) rowPages(rows, page, block.pageStarts);
      return { type: 'table', rows, ...position };
    }
    case 'code':
      return { type: 'code', ...(block.language ? { language: block.language } : {}), text: block.text, ...position };
    case 'quote':
      return { type: 'quote', blocks: jsonBlocks(block.blocks, page), ...position };
    case 'rule':
      return { type: 'rule', ...position };
    case 'image':
      return { type: 'image', alt: block.alt, ...(block.src ? { src: block.src } : {}), ...imageFile(block), ...position };
  }
}

/** A kept picture's number, type, size and link (its token, which whoever hands the output out resolves). */
function imageFile(image: Image): Pick<Extract<JsonBlock, { type: 'image' }>, 'n' | 'mediaType' | 'width' | 'height' | 'url'> {
  if (image.n === undefined) return {};
  return { n: image.n, mediaType: image.mediaType, width: image.width, height: image.height, url: imageToken(image.n) };
}

/** A table that runs over pages gives every row its page; a one-page table's rows have the table's. */
function rowPages(rows: JsonTableRow[], page: number, starts: readonly TablePageStart[]): void {
  let next = 0;
  for (let r = 0; r < rows.length; r++) {
    while (next < starts.length && starts[next].row <= r) page = starts[next++].page;
    rows[r].page = page;
  }
}

function jsonRow(row: TableRow, header: boolean): JsonTableRow {
  const cells = new Array<JsonTableCell>(row.length);
  for (let c = 0; c < row.length; c++) cells[c] = textOf(row[c]);
  return { header, cells };
}

/**
 * The plain text, and the inline tree only where it says more than the text does
 * (emphasis, code, links, breaks): most paragraphs and cells are one text node, and
 * repeating them as a tree would double the output for nothing.
 */
function textOf(content: readonly Inline[]): { text: string; inlines?: JsonInline[] } {
  const text = inlineText(content);
  return content.some((node) => node.type !== 'text') ? { text, inlines: [...content] } : { text };
}
