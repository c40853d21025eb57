import { EMPTY_RECALL, addRecallCounts, recall, recallCounts } from './recall';

describe('recallCounts', () => {
  it('finds each expected item once, with multiset semantics', () => {
    expect(recallCounts(['a', 'a', 'b', 'c'], ['a', 'b', 'b', 'x'])).toEqual({ found: 2, total: 4 });
  });

  it('does not penalise extra output items', () => {
    expect(recallCounts(['a'], ['a', 'z', 'z'])).toEqual({ found: 1, total: 1 });
  });
});

describe('recall', () => {
  it('is found / total, pooled over documents', () => {
    expect(recall(addRecallCounts(recallCounts(['a', 'b'], ['a']), recallCounts(['c', 'd'], ['c', 'd'])))).toBe(0.75);
  });

  it('is null when nothing was expected', () => {
    expect(recall(EMPTY_RECALL)).toBeNull();
    expect(recall(recallCounts([], ['a']))).toBeNull();
  });
});
