import { textItem } from '../../testing/text-items';
import type { Fill } from '../page-text';
import { groupLines } from '../text-lines';
import { shadedRows } from './shaded-rows';

/** A row of a two-column table (x 10 and 110, each cell 80 points wide) on baseline y: 10 pt text. */
const line = (y: number, left: string, right: string) =>
  groupLines([textItem(left, 12, y), textItem(right, 112, y)], { page: 1, height: 800 })[0];
/** Shading across both cells, from top to bottom, drawn cell by cell as office exports do. */
const shaded = (top: number, bottom: number): Fill[] => [
  { left: 10, top, right: 100, bottom },
  { left: 100, top, right: 190, bottom },
];

describe('shadedRows', () => {
  it('gives the lines inside one shaded row one key, and lines in two shaded rows two', () => {
    const lines = [line(20, 'AG10803', 'Ag10803.jaspar.'), line(32, 'x', 'bg'), line(50, 'AoAF', 'Aoaf.jaspar.bg'), line(64, 'a', 'b')];
    const keys = shadedRows(lines, [...shaded(10, 36), ...shaded(40, 54)]);
    expect(keys[0]).toBeDefined();
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).toBeDefined();
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('reads the white rows between zebra stripes, and above the first and below the last, as one row each', () => {
    // Shaded 10–24, 50–76 (two lines), 90–104; white between them (two lines, then one), and one line above and below.
    const fills = [...shaded(10, 24), ...shaded(50, 76), ...shaded(90, 104)];
    const lines = [
      line(6, 'Cell', 'Jaspar'),
      line(20, 'MIXED', 'mixed.jaspar.bg'),
      line(34, 'PROMOTERS', 'promoters.jaspa'),
      line(46, 'x', 'r.bg'),
      line(60, 'AG10803', 'ag.jaspar.'),
      line(72, 'y', 'bg'),
      line(86, 'CD20', 'cd20.jaspar.bg'),
      line(100, 'HCF', 'hcf.jaspar.bg'),
      line(114, 'HCM', 'hcm.jaspar.bg'),
    ];
    const keys = shadedRows(lines, fills);
    expect(keys.every((key) => key !== undefined)).toBe(true);
    expect(new Set(keys).size).toBe(7);
    expect(keys[3]).toBe(keys[2]);
    expect(keys[5]).toBe(keys[4]);
  });

  it('says nothing about white space where fewer than three stripes alternate', () => {
    const lines = [line(20, 'a', 'b'), line(34, 'c', 'd'), line(46, 'e', 'f'), line(60, 'g', 'h')];
    const keys = shadedRows(lines, [...shaded(10, 24), ...shaded(50, 64)]);
    expect(keys[1]).toBeUndefined();
    expect(keys[2]).toBeUndefined();
  });

  it('says nothing where boxes overlap, where one holds most of the lines, or where one covers rows of figures', () => {
    const lines = [line(20, 'a', 'b'), line(34, 'c', 'd'), line(48, 'e', 'f'), line(62, 'g', 'h')];
    const nothing = lines.map(() => undefined);
    expect(shadedRows(lines, [...shaded(10, 36), { left: 110, top: 24, right: 150, bottom: 38 }])).toEqual(nothing);
    expect(shadedRows(lines, shaded(8, 52))).toEqual(nothing);
    const figures = [line(20, '123,456', '(123,456)'), line(34, '123,456.12', '0.00'), line(48, 'abc', 'def'), line(62, 'g', 'h')];
    expect(shadedRows(figures, shaded(10, 38)).slice(0, 2)).toEqual([undefined, undefined]);
  });
});
