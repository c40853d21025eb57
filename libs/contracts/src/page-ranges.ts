/** Inclusive, 1-based page ranges in the order written. */
export type PageRanges = ReadonlyArray<readonly [number, number]>;

/** Longest `format.pages` accepted: a range list, not a list of every page. */
export const MAX_PAGE_RANGES_LENGTH = 1000;

/**
 * Parses `"1-3,7,10-"`: single pages, closed ranges and open-ended ranges ("10-"
 * means to the end), separated by commas, spaces allowed. Returns the ranges, or a
 * sentence saying what is wrong. Pages beyond the document's end are not an error
 * here: the document's length is unknown until it is read.
 */
export function parsePageRanges(value: string): PageRanges | string {
  if (value.length > MAX_PAGE_RANGES_LENGTH) return `must be at most ${MAX_PAGE_RANGES_LENGTH} characters`;
  const parts = value.split(',').map((part) => part.trim());
  if (parts.length === 0 || parts.every((part) => part === '')) return 'must name at least one page, such as "1-3,7"';
  const ranges: Array<[number, number]> = [];
  for (const part of parts) {
    const match = /^(\d{1,7})(?:\s*(-)\s*(\d{1,7})?)?$/.exec(part);
    if (!match) return `has "${part}", which is not a page or a range such as "2-5"`;
    const first = Number(match[1]);
    const last = match[2] ? (match[3] ? Number(match[3]) : Number.MAX_SAFE_INTEGER) : first;
    if (first < 1) return 'counts pages from 1';
    if (last < first) return `has the range "${part}", which ends before it starts`;
    ranges.push([first, last]);
  }
  return ranges;
}

/** The selected pages of a document of `total` pages, ascending, each once. */
export function selectedPages(ranges: PageRanges | undefined, total: number): number[] {
  if (!ranges) return Array.from({ length: total }, (_, i) => i + 1);
  const pages = new Set<number>();
  for (const [first, last] of ranges) for (let page = first; page <= Math.min(last, total); page++) pages.add(page);
  return [...pages].sort((a, b) => a - b);
}
