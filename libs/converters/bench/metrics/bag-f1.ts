/** Counts behind a bag-of-words comparison; add them up to pool several documents. */
export interface BagCounts {
  /** Tokens present in both bags (per token, the smaller of its two counts). */
  matched: number;
  /** Tokens in the output under test. */
  predicted: number;
  /** Tokens in the ground truth. */
  expected: number;
}

export function countTokens(tokens: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const token of tokens) counts.set(token, (counts.get(token) ?? 0) + 1);
  return counts;
}

/** Multiset overlap of the ground-truth tokens and the output tokens. */
export function bagCounts(expected: readonly string[], predicted: readonly string[]): BagCounts {
  const expectedCounts = countTokens(expected);
  let matched = 0;
  for (const [token, count] of countTokens(predicted)) matched += Math.min(count, expectedCounts.get(token) ?? 0);
  return { matched, predicted: predicted.length, expected: expected.length };
}

export function addBagCounts(a: BagCounts, b: BagCounts): BagCounts {
  return { matched: a.matched + b.matched, predicted: a.predicted + b.predicted, expected: a.expected + b.expected };
}

export const EMPTY_BAG: BagCounts = { matched: 0, predicted: 0, expected: 0 };

/**
 * F1 of precision (matched / predicted) and recall (matched / expected). Both bags
 * empty is a perfect 1; no token in common is 0.
 */
export function f1(counts: BagCounts): number {
  if (counts.expected === 0 && counts.predicted === 0) return 1;
  if (counts.matched === 0) return 0;
  const precision = counts.matched / counts.predicted;
  const recall = counts.matched / counts.expected;
  return (2 * precision * recall) / (precision + recall);
}
