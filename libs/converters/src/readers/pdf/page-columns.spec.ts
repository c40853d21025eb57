import { type Box, crossingCounts } from './page-columns';

/** The count as findGutters first wrote it: every box tested at every position. */
const bruteForce = (boxes: readonly Box[], from: number, to: number) =>
  Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => boxes.filter((box) => box.left < from + i && box.right > from + i).length);

describe('crossingCounts', () => {
  it('counts the boxes crossing each whole x, edges excluded, as testing every box would', () => {
    // A fixed pseudo-random sequence: whole and fractional edges, boxes outside the range, empty boxes.
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let round = 0; round < 200; round++) {
      const boxes: Box[] = Array.from({ length: 30 }, () => {
        const left = next() < 0.3 ? Math.round(next() * 120) - 10 : next() * 120 - 10;
        const width = next() < 0.1 ? 0 : next() < 0.3 ? Math.round(next() * 40) : next() * 40;
        return { left, right: left + width, y: 0, chars: 10, letters: 10 };
      });
      expect(crossingCounts(boxes, 10, 90)).toEqual(bruteForce(boxes, 10, 90));
    }
  });

  it('has nothing to count without a finite range', () => {
    const boxes: Box[] = [{ left: 0, right: 10, y: 0, chars: 5, letters: 5 }];
    expect(crossingCounts(boxes, NaN, 5)).toEqual([]);
    expect(crossingCounts(boxes, 0, Infinity)).toEqual([]);
    expect(crossingCounts(boxes, 5, 4)).toEqual([]);
    expect(crossingCounts([{ left: NaN, right: 10, y: 0, chars: 5, letters: 5 }], 0, 3)).toEqual([0, 0, 0, 0]);
  });
});
