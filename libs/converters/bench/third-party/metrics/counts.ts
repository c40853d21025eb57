import type { BagCounts } from '../../metrics/bag-f1';

export { type BagCounts, EMPTY_BAG, addBagCounts, f1 } from '../../metrics/bag-f1';

/**
 * Precision and recall of pooled counts (matched / predicted, matched / expected), the
 * companions of bag-f1's f1 and with its conventions: nothing expected and nothing
 * predicted is a perfect 1; nothing predicted while something was expected is 0.
 */
export function precision(counts: BagCounts): number {
  if (counts.predicted === 0) return counts.expected === 0 ? 1 : 0;
  return counts.matched / counts.predicted;
}

export function recall(counts: BagCounts): number {
  if (counts.expected === 0) return counts.predicted === 0 ? 1 : 0;
  return counts.matched / counts.expected;
}
