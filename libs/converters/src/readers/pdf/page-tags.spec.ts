import type { DeclaredCell, DeclaredTable } from './declared-tables';
import { inColumnBands } from './page-tags';

/** A row of cells, each holding marked content on the pages given. */
const row = (...pages: number[][]): DeclaredCell[] =>
  pages.map((on, k) => ({ header: false, rowSpan: 1, colSpan: 1, marks: on.map((page) => ({ page, mcid: k })) }));

describe('inColumnBands', () => {
  it('tells a sheet printed a band of columns per page from a table going on down the pages', () => {
    // Columns 1–2 on page 1 and 3–4 on page 2, in every row.
    const across: DeclaredTable = { rows: [row([1], [1], [2], [2]), row([1], [1], [2], [2]), row([1], [1], [2], [2])] };
    expect(inColumnBands(across, 1)).toBe(true);
    expect(inColumnBands(across, 2)).toBe(true);
    // Pages 1, 2 and 3 down, rows cut by both page breaks: page 2's part shares only its first and last rows.
    const down: DeclaredTable = {
      rows: [row([1], [1]), row([1], [1, 2]), row([2], [2]), row([2], [2, 3]), row([3], [3])],
    };
    expect([1, 2, 3].map((page) => inColumnBands(down, page))).toEqual([false, false, false]);
  });
});
