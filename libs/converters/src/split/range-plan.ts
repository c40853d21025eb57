import { cutEvenly } from './part-plan';

/**
 * When and how a long document is cut into page ranges that any worker of the fleet
 * takes (issue 31), as opposed to the parts one worker shares out between its threads
 * (part-plan.ts). A range should cost about the same whatever its pages are: a page
 * read from its text layer is cheap, a page read by OCR costs as much as
 * `nativePages / ocrPages` of them, so ranges of scans hold fewer pages.
 */
export interface RangePolicy {
  /** Pages per range when every page has a text layer (SPLIT_PAGES); a shorter selection is converted whole. */
  nativePages: number;
  /** Pages per range when every page needs OCR (SPLIT_OCR_PAGES). */
  ocrPages: number;
}

/**
 * Pages per range for a document of which `ocrShare` (0–1) of the pages need OCR: the
 * native size divided by the mean cost of a page in native pages, between the two sizes.
 */
export function rangePages(policy: RangePolicy, ocrShare: number): number {
  const { nativePages, ocrPages } = policy;
  const share = Math.min(1, Math.max(0, ocrShare));
  const meanCost = 1 + share * (nativePages / ocrPages - 1);
  return Math.max(Math.min(ocrPages, nativePages), Math.min(nativePages, Math.round(nativePages / meanCost)));
}

/**
 * Cuts a selection (pages in order) into consecutive ranges of about `rangePages`,
 * differing by a page at most, or answers undefined when one range would hold it all.
 * `ocrShare` is asked only for a selection long enough to be cut if every page needed
 * OCR: sampling pages for it costs a few page reads, which a short document never pays.
 */
export async function planRanges(
  pages: readonly number[],
  policy: RangePolicy,
  ocrShare: () => Promise<number>,
): Promise<number[][] | undefined> {
  if (policy.nativePages < 1 || policy.ocrPages < 1 || pages.length <= Math.min(policy.nativePages, policy.ocrPages)) return undefined;
  const size = rangePages(policy, await ocrShare());
  if (pages.length <= size) return undefined;
  return cutEvenly(pages, Math.ceil(pages.length / size));
}
