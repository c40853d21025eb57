import { EMPTY_BAG, addBagCounts, bagCounts, f1 } from './bag-f1';

describe('bagCounts', () => {
  it('counts each token at most as often as the ground truth has it', () => {
    expect(bagCounts(['a', 'b', 'b', 'c'], ['b', 'b', 'b', 'a', 'x'])).toEqual({ matched: 3, predicted: 5, expected: 4 });
  });

  it('ignores order', () => {
    expect(bagCounts(['a', 'b'], ['b', 'a'])).toEqual({ matched: 2, predicted: 2, expected: 2 });
  });
});

describe('f1', () => {
  it('is the harmonic mean of precision and recall', () => {
    // precision 3/5, recall 3/4
    expect(f1({ matched: 3, predicted: 5, expected: 4 })).toBeCloseTo((2 * 0.6 * 0.75) / 1.35, 10);
  });

  it('is 1 for identical bags and 0 without overlap or output', () => {
    expect(f1(bagCounts(['a', 'b'], ['a', 'b']))).toBe(1);
    expect(f1(bagCounts(['a'], ['b']))).toBe(0);
    expect(f1(bagCounts(['a'], []))).toBe(0);
    expect(f1(EMPTY_BAG)).toBe(1);
  });

  it('pools documents by adding their counts (micro average)', () => {
    const pooled = addBagCounts(bagCounts(['a', 'b'], ['a', 'b']), bagCounts(['c', 'd'], []));
    expect(pooled).toEqual({ matched: 2, predicted: 2, expected: 4 });
    expect(f1(pooled)).toBeCloseTo(2 / 3, 10);
  });
});
