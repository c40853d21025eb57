import type { TextItem } from '../page-text';
import { textItem } from '../../testing/text-items';
import { groupLines } from '../text-lines';
import { splitNarrowRows } from './narrow-rows';

/** A 12 pt item of text at x on baseline y, its width 5 pt per character. */
const item = (text: string, x: number, y: number) => textItem(text, x, y, { size: 12 });
const segmentsOf = (items: TextItem[]) =>
  splitNarrowRows(groupLines(items, { page: 1, height: 800 })).map((line) => line.segments.map((segment) => segment.text));

describe('splitNarrowRows', () => {
  it('splits lines at a gap a little over a word space where a wide-gapped row around them starts its second cell', () => {
    // Names over descriptions, 8 pt apart (the gaps a table's padding leaves), but the short name's gap is wide.
    const rows = [
      item('recover.c', 100, 100),
      item('The main source file.', 153, 100),
      item('recover.h', 100, 120),
      item('Its header file.', 153, 120),
      item('db.c', 100, 140),
      item('Two virtual tables.', 153, 140),
    ];
    expect(segmentsOf(rows)).toEqual([
      ['recover.c', 'The main source file.'],
      ['recover.h', 'Its header file.'],
      ['db.c', 'Two virtual tables.'],
    ]);
  });

  it('leaves a line whose gap at that edge is no wider than its word spaces, and needs three lines to start a cell there', () => {
    const prose = [item('Read', 100, 100), item('the', 124, 100), item('source', 143, 100), item('first.', 177, 100)];
    const table = [item('db.c', 100, 120), item('Two virtual tables.', 143, 120)];
    expect(segmentsOf([...prose, ...table])).toEqual([['Read the source first.'], ['db.c', 'Two virtual tables.']]);
  });

  it('splits at a gap narrower than a word space where the left cells of three lines end at one x (right-aligned values against a column)', () => {
    // A spreadsheet's columns at their optimal width: figures end 2 pt before the next column starts.
    const sheet = (ends: number[]) => [
      item('abc', 100, 100),
      item('the string', 152, 100),
      ...['TRUE', 'FALSE', '12/23/2014'].flatMap((text, k) => [
        item(text, ends[k] - text.length * 5, 120 + 20 * k),
        item('boolean', 152, 120 + 20 * k),
      ]),
    ];
    expect(segmentsOf(sheet([150, 150, 150]))).toEqual([
      ['abc', 'the string'],
      ['TRUE', 'boolean'],
      ['FALSE', 'boolean'],
      ['12/23/2014', 'boolean'],
    ]);
    // Ends that agree on no x: words that happen to start at the column's edge stay in their line.
    expect(segmentsOf(sheet([146, 150, 148])).slice(1)).toEqual([['TRUE boolean'], ['FALSE boolean'], ['12/23/2014 boolean']]);
  });

  it('backs a tight split by the lines above the wide row and below it together', () => {
    const tight = (text: string, y: number) => [item(text, 150 - text.length * 5, y), item('boolean', 152, y)];
    const lines = [
      ...tight('TRUE', 100),
      ...tight('FALSE', 120),
      item('abc', 100, 140),
      item('the string', 152, 140),
      ...tight('1.5', 160),
    ];
    expect(segmentsOf(lines)).toEqual([
      ['TRUE', 'boolean'],
      ['FALSE', 'boolean'],
      ['abc', 'the string'],
      ['1.5', 'boolean'],
    ]);
  });
});
