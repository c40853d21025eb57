import type { TextItem } from '../layout/page-text';

/** Estimated sizes closer than this ratio are taken for one type size. */
const SAME_SIZE_RATIO = 1.12;

/**
 * OCR estimates a line's type size from its row height, which wobbles by a few
 * percent from line to line (descenders, capitals, noise). The layout analysis
 * compares sizes to a quarter point: body lines would stop joining into paragraphs
 * and headings of one rank would get several. So the sizes of all OCR'd pages of a
 * document are clustered (ascending, a new cluster where a size exceeds the cluster's
 * smallest by SAME_SIZE_RATIO) and every word gets its cluster's median, weighted by
 * characters. Distinct sizes a reader would notice (10 pt body, 12 pt and 14 pt
 * heads) stay apart.
 */
export function snapOcrSizes(pages: ReadonlyArray<{ items: TextItem[] }>): void {
  const items = pages.flatMap((page) => page.items);
  if (items.length === 0) return;
  const sorted = [...items].sort((a, b) => a.size - b.size);
  let cluster: TextItem[] = [];
  const flush = () => {
    const size = weightedMedian(cluster);
    for (const item of cluster) item.size = size;
    cluster = [];
  };
  for (const item of sorted) {
    if (cluster.length > 0 && item.size > cluster[0].size * SAME_SIZE_RATIO) flush();
    cluster.push(item);
  }
  flush();
}

function weightedMedian(items: readonly TextItem[]): number {
  const total = items.reduce((sum, item) => sum + item.text.length, 0);
  let seen = 0;
  for (const item of items) {
    seen += item.text.length;
    if (seen * 2 >= total) return Math.round(item.size * 4) / 4;
  }
  return items[items.length - 1].size;
}
