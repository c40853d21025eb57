import type { TextLine } from './text-lines';

/** How far from the top or bottom edge running headers and footers sit (share of page height). */
const MARGIN_ZONE = 0.15;
/** Lines per page, from each edge, that can be headers or footers. */
const EDGE_LINES = 2;

/**
 * Removes running headers, footers and page numbers: lines at the top or bottom edge
 * of a page that repeat (digits ignored, so "Page 3 of 9" repeats) on at least half
 * of the pages, and edge lines that are nothing but a page number.
 */
export function removePageFurniture(pages: TextLine[][]): TextLine[][] {
  const candidates = pages.map(edgeLines);
  const pageCounts = new Map<string, number>();
  for (const edges of candidates) {
    for (const key of new Set(edges.map(furnitureKey))) pageCounts.set(key, (pageCounts.get(key) ?? 0) + 1);
  }
  const threshold = Math.max(2, Math.ceil(pages.length / 2));
  return pages.map((lines, index) => {
    const furniture = new Set(
      candidates[index].filter((line) => isPageNumber(line.text) || (pageCounts.get(furnitureKey(line)) ?? 0) >= threshold),
    );
    return lines.filter((line) => !furniture.has(line));
  });
}

function edgeLines(lines: TextLine[]): TextLine[] {
  const byY = [...lines].sort((a, b) => a.y - b.y);
  const top = byY.slice(0, EDGE_LINES).filter((line) => line.y <= line.pageHeight * MARGIN_ZONE);
  const bottom = byY.slice(-EDGE_LINES).filter((line) => line.y >= line.pageHeight * (1 - MARGIN_ZONE));
  return [...new Set([...top, ...bottom])];
}

function furnitureKey(line: TextLine): string {
  const zone = line.y < line.pageHeight / 2 ? 'top' : 'bottom';
  return `${zone}:${line.text.toLowerCase().replace(/\d+/g, '#').replace(/\s+/g, ' ').trim()}`;
}

const PAGE_NUMBER = /^(?:page\s+)?[-–—([]?\s*(?:\d{1,4}|[ivxlc]{1,7})\s*[-–—)\]]?(?:\s*(?:of|\/)\s*\d{1,4})?$/i;

export function isPageNumber(text: string): boolean {
  return PAGE_NUMBER.test(text.trim());
}
