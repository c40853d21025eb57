import { inlineText } from '../../document';
import { textLine } from '../../testing/text-items';
import { joinContinuedTables } from './continued-tables';
import { type PageTable, isTable } from './page-table';

const cellsOf = (row: string[]) => row.map((text) => [{ type: 'text' as const, text }]);

describe('joinContinuedTables', () => {
  const table = (page: number, header: string[], rows: string[][]): PageTable => {
    const cells = (row: string[]) => row.map((text) => [{ type: 'text' as const, text }]);
    return { kind: 'table', page, left: 50, right: 300, top: 100, table: { type: 'table', header: cells(header), rows: rows.map(cells) } };
  };

  it('joins only across one page break, and not when the second part has a header of its own', () => {
    expect(joinContinuedTables([table(1, ['A', 'B'], [['1', '2']]), table(2, ['A', 'B'], [['3', '4']])])).toHaveLength(1);
    expect(joinContinuedTables([table(1, ['A', 'B'], [['1', '2']]), table(3, ['A', 'B'], [['3', '4']])])).toHaveLength(2);
    expect(joinContinuedTables([table(1, ['A', 'B'], [['1', '2']]), table(2, ['C', 'D'], [['3', '4']])])).toHaveLength(2);
  });

  it('joins a table that runs over three pages, each part onto the one before', () => {
    const parts = [1, 2, 3].map((page) => ({ ...table(page, ['A', 'B'], [[`${page}`, 'x']]), bottom: 700, pageHeight: 800 }));
    const joined = joinContinuedTables(parts);
    expect(joined).toHaveLength(1);
    expect((joined[0] as PageTable).table.rows.map((row) => inlineText(row[0]))).toEqual(['1', '2', '3']);
    // Each later page's first row, counted header first: the repeated headers are gone.
    expect((joined[0] as PageTable).table.pageStarts).toEqual([
      { row: 2, page: 2 },
      { row: 3, page: 3 },
    ]);
    // The third part stops with room, so a fourth, after it, is another table.
    const fourth = { ...table(4, ['A', 'B'], [['4', 'x']]), pageHeight: 800 };
    const withRoom = [...parts.slice(0, 2), { ...parts[2], top: 100, bottom: 140 }, fourth];
    expect(joinContinuedTables(withRoom)).toHaveLength(2);
  });

  it('does not join across pages of different sizes (a workbook printed a page per sheet), unless the tags say it is one table', () => {
    const first = { ...table(1, ['A', 'B'], [['1', '2']]), pageHeight: 120 };
    const second = { ...table(2, ['A', 'B'], [['3', '4']]), pageHeight: 96 };
    expect(joinContinuedTables([first, second])).toHaveLength(2);
    expect(joinContinuedTables([first, { ...second, pageHeight: 120 }])).toHaveLength(1);
    expect(
      joinContinuedTables([
        { ...first, part: '1:4' },
        { ...second, part: '1:4' },
      ]),
    ).toHaveLength(1);
  });

  it('does not join a first part that stops with room for more of its rows above the foot of the body text', () => {
    const line = (page: number, y: number) => textLine('Body text', y, { page });
    const first = { ...table(1, ['A', 'B'], [['1', '2']]), bottom: 140, pageHeight: 800 };
    const second = { ...table(2, ['A', 'B'], [['3', '4']]), pageHeight: 800 };
    // Page 3's text runs to 700: page 1's table, ending at 140, had room; ending at 690, it had not.
    expect(joinContinuedTables([first, second, line(3, 700)]).filter(isTable)).toHaveLength(2);
    expect(joinContinuedTables([{ ...first, top: 650, bottom: 690 }, second, line(3, 700)]).filter(isTable)).toHaveLength(1);
  });

  it("does not join a second part whose first row repeats only some of the first part's header (a sibling table's own header)", () => {
    const first = table(1, ['maybe numeric?', 'explanation'], [['1', 'one']]);
    const second = table(2, ['maybe numeric?', 'explanation'], []);
    second.table = { type: 'table', rows: [cellsOf(['maybe a datetime?', 'explanation']), cellsOf(['5/23/2016', 'date only'])] };
    expect(joinContinuedTables([first, second])).toHaveLength(2);
    // Figures that happen to match the header's do not count.
    const years = table(1, ['Year', '2019'], [['a', '1']]);
    const more = table(2, ['Year', '2019'], []);
    more.table = { type: 'table', rows: [cellsOf(['b', '2019']), cellsOf(['c', '3'])] };
    expect(joinContinuedTables([years, more])).toHaveLength(1);
  });

  it('joins the parts a tagged PDF declares one table, wherever their text starts', () => {
    const first = { ...table(1, ['A', 'B'], [['1', '2']]), part: '1:4' };
    const second = table(2, ['A', 'B'], [['3', '4']]);
    second.table = { type: 'table', rows: second.table.rows };
    // Centred cells: the second part's text starts further right than any alignment test allows.
    const shifted = { ...second, left: first.left + 20 };
    expect(joinContinuedTables([first, shifted])).toHaveLength(2);
    expect(joinContinuedTables([first, { ...shifted, part: '1:4' }])).toHaveLength(1);
    expect(joinContinuedTables([first, { ...shifted, part: '2:0' }])).toHaveLength(2);
  });

  it("joins a declared table's parts kept as wide as its grid, then drops the columns empty in every part", () => {
    const first = { ...table(1, ['A', 'B', '', 'D'], [['1', '2', '', 'x']]), part: '1:4' };
    // The last column is empty on page 2: the part keeps it, so it lines up with page 1's.
    const second = { ...table(2, ['A', 'B', '', 'D'], [['3', '4', '', '']]), part: '1:4' };
    second.table = { type: 'table', rows: second.table.rows, spans: [{ row: 0, column: 1, rowSpan: 1, colSpan: 3 }] };
    const [joined] = joinContinuedTables([first, second]) as PageTable[];
    expect(joined.table.rows.map((row) => row.map(inlineText))).toEqual([
      ['1', '2', 'x'],
      ['3', '4', ''],
    ]);
    expect(joined.table.spans).toEqual([{ row: 2, column: 1, rowSpan: 1, colSpan: 2 }]);
  });

  it('keeps both parts’ merged cells, the second part’s moved down by the rows above it', () => {
    const first = {
      ...table(
        1,
        ['A', 'B'],
        [
          ['1', '2'],
          ['3', ''],
        ],
      ),
    };
    first.table = { ...first.table, spans: [{ row: 1, column: 1, rowSpan: 2, colSpan: 1 }] };
    const second = table(
      2,
      ['A', 'B'],
      [
        ['5', ''],
        ['6', '7'],
      ],
    );
    second.table = { ...second.table, spans: [{ row: 1, column: 0, rowSpan: 1, colSpan: 2 }] };
    const [joined] = joinContinuedTables([first, second]) as PageTable[];
    // The repeated header row is dropped: the second part's row 1 ('5') follows the first part's two rows under the header.
    expect(joined.table.rows.map((row) => row.map((cell) => (cell[0] as { text: string } | undefined)?.text ?? ''))).toEqual([
      ['1', '2'],
      ['3', ''],
      ['5', ''],
      ['6', '7'],
    ]);
    expect(joined.table.spans).toEqual([
      { row: 1, column: 1, rowSpan: 2, colSpan: 1 },
      { row: 3, column: 0, rowSpan: 1, colSpan: 2 },
    ]);
  });
});
