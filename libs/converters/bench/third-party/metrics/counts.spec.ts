import { f1, precision, recall } from './counts';

describe('precision and recall', () => {
  it('divide the matched count by the predicted and the expected count', () => {
    const counts = { matched: 3, predicted: 4, expected: 6 };
    expect(precision(counts)).toBe(0.75);
    expect(recall(counts)).toBe(0.5);
    expect(f1(counts)).toBeCloseTo(0.6, 12);
  });

  it('follow f1 at the edges: nothing on either side is 1, nothing on one side 0', () => {
    const empty = { matched: 0, predicted: 0, expected: 0 };
    expect([precision(empty), recall(empty)]).toEqual([1, 1]);
    expect(precision({ matched: 0, predicted: 0, expected: 2 })).toBe(0);
    expect(recall({ matched: 0, predicted: 2, expected: 0 })).toBe(0);
  });
});
