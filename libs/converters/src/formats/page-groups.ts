import type { Block, IntermediateDocument } from '../document';

export interface PageGroup {
  page: number;
  blocks: Block[];
}

/**
 * The document's blocks cut where each page starts, one group per converted page
 * (empty pages too, so markers count every page). A block without a page belongs to
 * the page before it; one that runs on over a page break belongs to the page it
 * starts on. Documents without pages are one group, page 1.
 */
export function pageGroups(document: IntermediateDocument): PageGroup[] {
  const pages = document.pagesConverted ?? Array.from({ length: Math.max(1, document.pages) }, (_, i) => i + 1);
  const groups = new Map<number, Block[]>(pages.map((page) => [page, []]));
  let current = pages[0] ?? 1;
  for (const block of document.blocks) {
    if (block.page !== undefined) current = block.page;
    let group = groups.get(current);
    if (!group) {
      group = [];
      groups.set(current, group);
    }
    group.push(block);
  }
  return [...groups.entries()].sort((a, b) => a[0] - b[0]).map(([page, blocks]) => ({ page, blocks }));
}
