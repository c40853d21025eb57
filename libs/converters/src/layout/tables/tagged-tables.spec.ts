import { textItem } from '../../testing/text-items';
import type { TaggedTable, TextItem } from '../page-text';
import { taggedPageTables } from './tagged-tables';

const item = (text: string, mcid: number | undefined, x: number, y: number): TextItem =>
  textItem(text, x, y, mcid === undefined ? {} : { mcid });

describe('tables a tag tree declares, laid out', () => {
  // As readers/pdf/tree-tables.ts reads a tree: a header row, a full row, and a row short of its first cell.
  const declared: TaggedTable[] = [
    {
      rows: [
        [1, 2, 3].map((mcid) => ({ header: true, mcids: [mcid] })),
        [4, 5, 6].map((mcid) => ({ header: false, mcids: [mcid] })),
        [7, 8].map((mcid) => ({ header: false, mcids: [mcid] })),
      ],
    },
  ];

  it("builds the table from the page's own items, a short row's cells under the columns their text starts in", () => {
    const items = [
      item('Intro text', 0, 50, 40),
      item('Name', 1, 50, 100),
      item('Value', 2, 150, 100),
      item('Effect', 3, 250, 100),
      item('Vowel', 4, 50, 120),
      item('0', 5, 150, 120),
      item('Moves it', 6, 250, 120),
      item('1', 7, 150, 140),
      item('Keeps it', 8, 250, 140),
    ];
    const { tables, rest } = taggedPageTables(items, declared, { page: 1, height: 800 });
    expect(rest.map((left) => left.text)).toEqual(['Intro text']);
    const text = (cells: unknown[][]) => cells.map((cell) => (cell as Array<{ text: string }>).map((node) => node.text).join(''));
    expect(text(tables[0].table.header!)).toEqual(['Name', 'Value', 'Effect']);
    expect(tables[0].table.rows.map(text)).toEqual([
      ['Vowel', '0', 'Moves it'],
      ['', '1', 'Keeps it'],
    ]);
    expect(tables[0].table.spans).toEqual([{ row: 1, column: 0, rowSpan: 2, colSpan: 1 }]);
    expect(tables[0]).toMatchObject({ page: 1, left: 50, top: 90 });
  });

  it("keeps a left-to-right table's cells in their order though one column's right-to-left examples hold most of its glyphs", () => {
    const table: TaggedTable[] = [
      {
        rows: [
          [1, 2].map((mcid) => ({ header: true, mcids: [mcid] })),
          [3, 4].map((mcid) => ({ header: false, mcids: [mcid] })),
          [5, 6].map((mcid) => ({ header: false, mcids: [mcid] })),
        ],
      },
    ];
    // Each Arabic example is drawn a glyph per item, as shaped text often is.
    const arabic = (word: string, mcid: number, y: number) =>
      [...word].map((glyph, k) => ({ ...item(glyph, mcid, 300 - 8 * k, y), rtl: true }));
    const items = [
      item('Feature', 1, 50, 100),
      item('Example', 2, 250, 100),
      item('Swash', 3, 50, 120),
      ...arabic('مرحبا', 4, 120),
      item('Dots', 5, 50, 140),
      ...arabic('كتاب', 6, 140),
    ];
    const [found] = taggedPageTables(items, table, { page: 1, height: 800 }).tables;
    const first = (cells: unknown[]) => (cells[0] as Array<{ text: string }>)[0]?.text ?? '';
    expect(found.table.rows.map(first)).toEqual(['Swash', 'Dots']);
  });

  it('leaves a table whose cells have no text on this page to the layout', () => {
    expect(taggedPageTables([item('Elsewhere', 0, 50, 40)], declared, { page: 2, height: 800 }).tables).toEqual([]);
  });
});
