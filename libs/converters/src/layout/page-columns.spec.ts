import { type Box, crossingCounts, readingRegions } from './page-columns';

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

describe('readingRegions', () => {
  it('splits a band of three prose columns at two gutters, keeping a full-width line above', () => {
    const box = (left: number, y: number, chars: number) => ({ left, right: left + chars * 5, y, chars, letters: chars });
    const elements = [box(50, 40, 100)];
    for (let i = 0; i < 8; i++) for (const left of [50, 230, 410]) elements.push(box(left, 60 + i * 12, 30));
    const regions = readingRegions(elements, (element) => element);
    expect(regions.map((region) => [region.column, region.elements.length, region.elements[0].left])).toEqual([
      [false, 1, 50],
      [true, 8, 50],
      [true, 8, 230],
      [true, 8, 410],
    ]);
  });

  it('keeps a statistical table one region when the figures right of a gutter hold no words', () => {
    // As camelot's health.pdf draws it (third-party corpus, development half): names
    // and a first figure, a gap, then the other figures, each part a long, full line.
    const box = (left: number, y: number, text: string) => ({
      left,
      right: left + text.length * 5,
      y,
      chars: text.length,
      letters: text.replace(/[^a-z]/gi, '').length,
    });
    const elements = [];
    for (let i = 0; i < 12; i++) {
      elements.push(box(40, 60 + i * 12, `State name ${i}  47,824,589`));
      elements.push(box(230, 60 + i * 12, '9,967,837  1,275,000  15,000  59,082,426'));
    }
    expect(readingRegions(elements, (element) => element).map((region) => [region.column, region.elements.length])).toEqual([[false, 24]]);
  });
});
