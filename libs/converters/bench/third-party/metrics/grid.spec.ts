import { layoutGrid } from './grid';

describe('layoutGrid', () => {
  it('places each cell in the first slot its row leaves free after spans from above', () => {
    const { grid, columns } = layoutGrid({
      rows: [[{ text: 'A', rowSpan: 2 }, { text: 'B' }], [{ text: 'C' }], [{ text: 'D' }, { text: 'E' }, { text: 'F' }]],
    });
    expect(columns).toBe(3);
    // A fills (0,0) and (1,0); C goes to (1,1); short rows are padded with -1.
    expect(grid).toEqual([
      [0, 1, -1],
      [0, 2, -1],
      [3, 4, 5],
    ]);
  });

  it('cuts a rowspan at the last row', () => {
    const { grid } = layoutGrid({ rows: [[{ text: 'A', rowSpan: 9 }], [{ text: 'B' }]] });
    expect(grid).toEqual([
      [0, -1],
      [0, 1],
    ]);
  });
});
