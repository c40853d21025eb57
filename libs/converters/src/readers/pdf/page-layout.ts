import type { Block } from '../../document';
import { joinContinuedTables } from './continued-tables';
import { removePageFurniture } from './page-furniture';
import { pageFlow } from './page-flow';
import { linesToBlocks } from './pdf-blocks';
import type { PdfLine } from './pdf-lines';
import type { PdfPageText } from './pdf-page-text';
import { type FlowElement, isTable } from './pdf-table';

/**
 * Positioned words of whole pages → IR blocks: columns, lines, tables (joined across
 * page breaks), running headers and footers removed, paragraphs, headings, lists.
 * The one layout analysis for every source of positioned text: a PDF's text layer
 * and OCR words alike (see docs/adr/0004-pdf-engine-and-ocr.md).
 */
export function layoutPages(pages: readonly PdfPageText[]): Block[] {
  const flows = pages.map(pageFlow);
  const kept = new Set<FlowElement>(removePageFurniture(flows.map((flow) => flow.filter((element): element is PdfLine => !isTable(element)))).flat());
  const flow = joinContinuedTables(flows.flat().filter((element) => isTable(element) || kept.has(element)));
  return linesToBlocks(flow);
}
