/** Counts behind a recall; add them up to pool several documents. */
export interface RecallCounts {
  /** Ground-truth items found in the output. */
  found: number;
  /** Ground-truth items. */
  total: number;
}

export const EMPTY_RECALL: RecallCounts = { found: 0, total: 0 };

/**
 * How many ground-truth items the output has, each output item matching at most one
 * ground-truth item (multiset semantics: two identical expected cells need two
 * identical output cells). Items are compared as given; normalise them first.
 */
export function recallCounts(expected: readonly string[], actual: readonly string[]): RecallCounts {
  const available = new Map<string, number>();
  for (const item of actual) available.set(item, (available.get(item) ?? 0) + 1);
  let found = 0;
  for (const item of expected) {
    const left = available.get(item) ?? 0;
    if (left > 0) {
      found += 1;
      available.set(item, left - 1);
    }
  }
  return { found, total: expected.length };
}

export function addRecallCounts(a: RecallCounts, b: RecallCounts): RecallCounts {
  return { found: a.found + b.found, total: a.total + b.total };
}

/** found / total, or null when there was nothing to find. */
export function recall(counts: RecallCounts): number | null {
  return counts.total === 0 ? null : counts.found / counts.total;
}
