import { alignedTables } from './tables/aligned-tables';
import { type Box, readingRegions } from './page-columns';
import { groupLines } from './text-lines';
import type { PageText, TextItem } from './page-text';
import { type FlowElement, type PageTable, isTable } from './tables/page-table';
import { taggedPageTables } from './tables/tagged-tables';
import { ruledTables } from './tables/ruled-tables';
import { asTypewriterProse } from './typewriter-pages';
import { withoutLineNumbers } from './line-numbers';

type Element = { item: TextItem } | { table: PageTable };

/**
 * One page → lines and tables in reading order: a typewritten page's monospace is taken
 * as its body type (typewriter-pages.ts), line numbers in its margin are taken out
 * (line-numbers.ts), ruled tables are cut out first (their cells would otherwise read
 * as short lines), then the page is split into column regions, each region's text is
 * grouped into lines, and aligned (borderless) tables are found among those lines.
 */
export function pageFlow(page: PageText): FlowElement[] {
  const info = { page: page.page, height: page.height };
  const items = withoutLineNumbers(asTypewriterProse(page.items));
  // Tables the tag tree declares first: their cells are known, whatever their rules.
  const tagged = taggedPageTables(items, page.taggedTables ?? [], info);
  const ruled = ruledTables(tagged.rest, page.rules, info);
  const tables = [...tagged.tables, ...ruled.tables];
  const rest = ruled.rest;
  const elements: Element[] = [...rest.map((item) => ({ item })), ...tables.map((table) => ({ table }))];
  const regions = readingRegions(elements, boxOf);
  return regions.flatMap((region, index) => {
    const items = region.elements.flatMap((element) => ('item' in element ? [element.item] : []));
    const regionTables = region.elements.flatMap((element) => ('table' in element ? [element.table] : []));
    const flow = alignedTables(groupLines(items, info, region.column ? index : -1), page.fills);
    return byPosition(flow, regionTables);
  });
}

const LETTER = /\p{L}/gu;

function boxOf(element: Element): Box {
  if ('table' in element) return { left: element.table.left, right: element.table.right, y: element.table.top, chars: 0, letters: 0 };
  const { item } = element;
  const text = item.text.trim();
  return { left: item.x, right: item.x + item.width, y: item.y, chars: text.length, letters: text.match(LETTER)?.length ?? 0 };
}

/** Puts each ruled table before the first element below its top edge. */
function byPosition(flow: FlowElement[], tables: PageTable[]): FlowElement[] {
  const top = (element: FlowElement) => (isTable(element) ? element.top : element.y);
  const out = [...flow];
  for (const table of [...tables].sort((a, b) => a.top - b.top)) {
    const index = out.findIndex((element) => top(element) > table.top);
    out.splice(index < 0 ? out.length : index, 0, table);
  }
  return out;
}
