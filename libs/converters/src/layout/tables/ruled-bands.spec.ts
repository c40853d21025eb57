import { textItem } from '../../testing/text-items';
import type { TextItem } from '../page-text';
import { splitUnruledRows } from './ruled-bands';

/** A 12 pt item at x on baseline y, 5 pt per character. */
const item = (text: string, x: number, y: number) => textItem(text, x, y, { size: 12 });
const page = { page: 1, height: 800 };
const texts = (cells: TextItem[][][]) => cells.map((row) => row.map((cell) => cell.map((part) => part.text).join(' ')));

describe('splitUnruledRows', () => {
  // Two columns ruled at x 0, 90 and 250: a header band, then a body band ruled only around its edges.
  const xs = [0, 90, 250];
  const header = [[item('Species', 2, 12)], [item('Average', 92, 12)]];

  it("cuts a band into a row per baseline where a column holds one figure per line (a pivot table's body)", () => {
    const body = [
      [item('setosa', 2, 28), item('versicolor', 2, 44), item('virginica', 2, 60), item('(empty)', 2, 76)],
      [item('5.026', 200, 28), item('5.878', 200, 44), item('6.882', 200, 60)],
    ];
    const { cells, spans } = splitUnruledRows([header, body], [{ row: 2, column: 0, rowSpan: 1, colSpan: 2 }], xs, page);
    expect(texts(cells)).toEqual([
      ['Species', 'Average'],
      ['setosa', '5.026'],
      ['versicolor', '5.878'],
      ['virginica', '6.882'],
      ['(empty)', ''],
    ]);
    // A span below the band moves down by the rows it gained.
    expect(spans).toEqual([{ row: 5, column: 0, rowSpan: 1, colSpan: 2 }]);
  });

  it("keeps a band whole where its cells' text wraps, and where a merged cell covers it", () => {
    // Each cell's second line starts with a word that would not have fitted after its first.
    const wrapped = [
      [item('A long species', 2, 28), item('name', 2, 44)],
      [item('An average that takes', 92, 28), item('two lines', 92, 44)],
    ];
    expect(texts(splitUnruledRows([header, wrapped], [], xs, page).cells)).toHaveLength(2);
    const figures = [
      [item('setosa', 2, 28), item('virginica', 2, 44)],
      [item('5.026', 200, 28), item('6.882', 200, 44)],
    ];
    expect(texts(splitUnruledRows([header, figures], [], xs, page).cells)).toHaveLength(3);
    expect(texts(splitUnruledRows([header, figures], [{ row: 1, column: 0, rowSpan: 1, colSpan: 2 }], xs, page).cells)).toHaveLength(2);
  });

  it('keeps a band whole where only one column has several lines (an address beside a name)', () => {
    const address = [[item('Ada', 2, 28)], [item('1 Main St', 92, 28), item('Springfield', 92, 44)]];
    expect(texts(splitUnruledRows([header, address], [], xs, page).cells)).toHaveLength(2);
  });

  it("keeps a band whole where figures one per line sit beside a cell's wrapped words on more lines than they fill", () => {
    // Two phone numbers beside a company name wrapped over four lines: one row.
    const company = [
      [item('Vala Infotech Pvt.', 2, 28), item('Ltd. (Now Known', 2, 44), item('as Fiberpipe', 2, 60), item('Pvt. Limited)', 2, 76)],
      [item('09825145505', 150, 28), item('09940100119', 150, 44)],
    ];
    expect(texts(splitUnruledRows([header, company], [], xs, page).cells)).toHaveLength(2);
  });
});
