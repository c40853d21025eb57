import type { TextLine } from './text-lines';

/** How far from the top or bottom edge running headers and footers sit (share of page height). */
const MARGIN_ZONE = 0.15;
/** Lines per page, from each edge, that can be headers or footers. */
const EDGE_LINES = 2;
/**
 * Clear space between an edge line and the body, in font sizes (from one line's
 * baseline to the top of the next, about 0.2 sizes in single-spaced text). A line in
 * cells (two or more segments) as close to the body as the body's own lines are is a
 * table's: its column heads or last row printed at the top or bottom of pages sized to
 * their content (a spreadsheet's page per sheet), which repeat from page to page
 * without being furniture. A running header or footer in cells is set apart from the
 * body by most of a line; one of a single segment may sit tight (some producers set it
 * a line above the body).
 */
const FURNITURE_GAP = 0.8;

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
  const apart = (upper: TextLine, lower: TextLine) => lower.y - lower.size - upper.y >= FURNITURE_GAP * Math.min(upper.size, lower.size);
  // An edge line is apart from the body when a wide gap lies between it and the first line past the edge lines (none: the page is all edge).
  const topApart = (index: number) =>
    byY.length <= EDGE_LINES || byY.slice(index, EDGE_LINES + 1).some((line, k, run) => k > 0 && apart(run[k - 1], line));
  const bottomApart = (index: number) =>
    byY.length <= EDGE_LINES || byY.slice(byY.length - EDGE_LINES - 1, index + 1).some((line, k, run) => k > 0 && apart(run[k - 1], line));
  const inCells = (line: TextLine) => line.segments.length >= 2;
  const top = byY
    .slice(0, EDGE_LINES)
    .filter((line, index) => line.y <= line.pageHeight * MARGIN_ZONE && (!inCells(line) || topApart(index)));
  const bottom = byY
    .slice(-EDGE_LINES)
    .filter((line, k) => line.y >= line.pageHeight * (1 - MARGIN_ZONE) && (!inCells(line) || bottomApart(byY.length - EDGE_LINES + k)));
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
