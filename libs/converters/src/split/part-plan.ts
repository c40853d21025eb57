/** When and how a long document's pages are shared out between conversion threads. */
export interface SplitPolicy {
  /** Threads the parts can run on at once; below 2 nothing is split. */
  threads: number;
  /** No part is smaller: a selection shorter than twice this is converted whole. */
  minPartPages: number;
  /** No part is larger: long selections get more parts, which even out pages of unequal cost. */
  maxPartPages: number;
}

/**
 * Cuts a selection (pages in order) into consecutive parts, or answers undefined when
 * it is not worth splitting. The count of parts is a multiple of the threads, so that
 * every thread gets as many parts as the others when nothing else runs, and parts
 * differ by at most one page; the minimum wins over that when the two disagree.
 */
export function planParts(pages: readonly number[], policy: SplitPolicy): number[][] | undefined {
  const { threads, minPartPages, maxPartPages } = policy;
  if (threads < 2 || minPartPages < 1 || pages.length < 2 * minPartPages) return undefined;
  const rounds = Math.ceil(pages.length / (threads * Math.max(minPartPages, maxPartPages)));
  return cutEvenly(pages, Math.min(threads * rounds, Math.floor(pages.length / minPartPages)));
}

/** `pages` in `count` consecutive parts whose sizes differ by at most one: the first ones get the extra pages. */
export function cutEvenly(pages: readonly number[], count: number): number[][] {
  const parts: number[][] = [];
  const size = Math.floor(pages.length / count);
  const larger = pages.length % count;
  let start = 0;
  for (let i = 0; i < count; i++) {
    const end = start + size + (i < larger ? 1 : 0);
    parts.push(pages.slice(start, end));
    start = end;
  }
  return parts;
}
