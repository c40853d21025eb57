import type { Block } from '../document';
import { joinContinuedTables } from './tables/continued-tables';
import { removePageFurniture } from './page-furniture';
import { pageFlow } from './page-flow';
import type { HeadingHint } from './heading-hints';
import { linesToBlocks } from './lines-to-blocks';
import type { TextLine } from './text-lines';
import type { PageText } from './page-text';
import { type FlowElement, isTable } from './tables/page-table';

/**
 * Positioned words of whole pages → IR blocks: columns, lines, tables (joined across
 * page breaks), running headers and footers removed, paragraphs, headings, lists.
 * The one layout analysis for every source of positioned text: a PDF's text layer
 * and OCR words alike (see docs/adr/0004-pdf-engine-and-ocr.md).
 */
export function layoutPages(pages: readonly PageText[]): Block[] {
  return layoutFlows(pages.map(pageFlow));
}

/**
 * The document-wide part of layoutPages, over each page's flow (pageFlow, one page at
 * a time): a reader can lay out every page as soon as it has read it and keep only
 * its lines, not its positioned words (see readers/pdf/pdf-pages.ts).
 */
export function layoutFlows(flows: readonly FlowElement[][], hints: readonly HeadingHint[] = []): Block[] {
  const kept = new Set<FlowElement>(
    removePageFurniture(flows.map((flow) => flow.filter((element): element is TextLine => !isTable(element)))).flat(),
  );
  const flow = joinContinuedTables(flows.flat().filter((element) => isTable(element) || kept.has(element)));
  return linesToBlocks(flow, hints);
}

/**
 * One page's flow with what only pageFlow needed let go: a line's segments hold the
 * page's positioned words (table detection splits them again), which nothing after
 * pageFlow reads. A 2,400-page manual kept them all until the end of the conversion.
 */
export function compactFlow(flow: FlowElement[]): FlowElement[] {
  for (const element of flow) if (!isTable(element)) element.segments = [];
  return flow;
}
