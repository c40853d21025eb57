import type { TextItem } from '../page-text';
import { type LineSegment, toSegment } from '../text-lines';
import { splitNarrowColumns } from './narrow-columns';

/** A 12 pt item of text at x, its width 5 pt per character. */
const item = (text: string, x: number): TextItem => ({
  text,
  x,
  y: 100,
  width: text.length * 5,
  size: 12,
  bold: false,
  italic: false,
  mono: false,
  rtl: false,
});
const texts = (rows: LineSegment[][]) => rows.map((row) => row.map((segment) => segment.text));

describe('splitNarrowColumns', () => {
  it('splits where text starts at one x in enough rows, not where a row runs across that x', () => {
    const rows = [
      [toSegment([item('A', 10)]), toSegment([item('12', 100), item('kg', 114)])],
      [toSegment([item('B', 10)]), toSegment([item('7', 105), item('lb', 114)])],
      [toSegment([item('C', 10)]), toSegment([item('30', 100), item('oz', 114)])],
    ];
    expect(texts(splitNarrowColumns(rows, 3))).toEqual([
      ['A', '12', 'kg'],
      ['B', '7', 'lb'],
      ['C', '30', 'oz'],
    ]);
    const crossed = [...rows, [toSegment([item('D', 10)]), toSegment([item('a long phrase', 100)])]];
    expect(texts(splitNarrowColumns(crossed, 3))[0]).toEqual(['A', '12 kg']);
  });

  it('splits between centred cells, whose edges agree on no x but whose centres line up (a spreadsheet printed as it is set)', () => {
    const rows = [
      [toSegment([item('ab', 58), item('NA', 95)])],
      [toSegment([item('7', 60.5), item('1', 97.5)])],
      [toSegment([item('xyz', 55.5), item('NA', 95)])],
    ];
    expect(texts(splitNarrowColumns(rows, 3))).toEqual([
      ['ab', 'NA'],
      ['7', '1'],
      ['xyz', 'NA'],
    ]);
  });
});
