import type { CellLines } from './page-table';
import { tableFromCells } from './page-table';

const cell = (text: string): CellLines => (text ? [[{ text, bold: false, italic: false, mono: false }]] : []);

describe('tableFromCells', () => {
  it('shrinks spans by the rows and columns it drops as empty', () => {
    // Grid columns 0..3, column 2 empty in every row (a stray rule split the span's cell); row 1 empty.
    const rows = [
      [cell('Group'), cell('Head'), cell(''), cell('x')],
      [cell(''), cell(''), cell(''), cell('')],
      [cell(''), cell('a'), cell(''), cell('b')],
    ];
    const table = tableFromCells(rows, [
      { row: 0, column: 0, rowSpan: 3, colSpan: 1 },
      { row: 0, column: 1, rowSpan: 1, colSpan: 2 },
    ]);
    expect(table?.rows.map((row) => row.map((inline) => inline.map((part) => ('text' in part ? part.text : '')).join('')))).toEqual([
      ['Group', 'Head', 'x'],
      ['', 'a', 'b'],
    ]);
    // Group spans the two rows kept; Head's span over the dropped column is gone.
    expect(table?.spans).toEqual([{ row: 0, column: 0, rowSpan: 2, colSpan: 1 }]);
  });
});
