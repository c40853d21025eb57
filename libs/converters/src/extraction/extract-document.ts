import type { ExtractedImage, ExtractedLink, ExtractedTable, Extraction } from '@docformat/contracts';
import { type Block, type Image, type Inline, type IntermediateDocument, inlineText, type Table } from '../document';
import { documentJson } from '../formats/json/json.format';
import { tableCaption } from './table-caption';

/**
 * An extraction job's findings, from the document tree read once: the tree as the
 * json format writes it, and its tables, links and images listed in reading order
 * with the page each starts on (a block without a page is on the page before it,
 * a nested block on its container's, as in every format).
 */
export function extractDocument(document: IntermediateDocument): Extraction {
  const found: Omit<Extraction, 'document'> = { tables: [], links: [], images: [] };
  walkBlocks(document.blocks, { page: document.pagesConverted?.[0] ?? 1 }, found);
  return { document: documentJson(document), ...found };
}

interface Position {
  page: number;
}

function walkBlocks(blocks: readonly Block[], at: Position, found: Omit<Extraction, 'document'>): void {
  blocks.forEach((block, index) => {
    if (block.page !== undefined) at.page = block.page;
    const page = at.page;
    switch (block.type) {
      case 'heading':
      case 'paragraph':
        collectLinks(block.content, page, found.links);
        break;
      case 'table':
        found.tables.push(extractedTable(block, found.tables.length, page, tableCaption(blocks, index)));
        for (const row of block.header ? [block.header, ...block.rows] : block.rows) {
          for (const cell of row) collectLinks(cell, page, found.links);
        }
        break;
      case 'list':
        for (const item of block.items) walkBlocks(item.blocks, { page }, found);
        break;
      case 'quote':
        walkBlocks(block.blocks, { page }, found);
        break;
      case 'image':
        found.images.push(extractedImage(block, page));
        break;
      case 'code':
      case 'rule':
        break;
    }
  });
}

function extractedTable(table: Table, index: number, page: number, caption: string | undefined): ExtractedTable {
  const rows = (table.header ? [table.header, ...table.rows] : table.rows).map((row) => row.map((cell) => inlineText(cell).trim()));
  return {
    index,
    page,
    ...(table.bbox ? { bbox: [...table.bbox] } : {}),
    ...(caption ? { caption } : {}),
    headerRows: table.header ? (table.headerRows ?? 1) : 0,
    rows,
  };
}

function extractedImage(image: Image, page: number): ExtractedImage {
  const { alt, src, bbox, n, mediaType, width, height } = image;
  const stored = n !== undefined && mediaType && width && height ? { n, mediaType, width, height } : {};
  return { alt, ...(src ? { src } : {}), page, ...(bbox ? { bbox: [...bbox] } : {}), ...stored };
}

function collectLinks(content: readonly Inline[], page: number, links: ExtractedLink[]): void {
  for (const node of content) {
    if (node.type === 'link') links.push({ href: node.href, text: inlineText(node.content).trim(), page });
    if (node.type === 'strong' || node.type === 'emphasis' || node.type === 'link') collectLinks(node.content, page, links);
  }
}
