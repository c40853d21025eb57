import { textItem } from '../../testing/pdf-text-items';
import type { PdfTextItem } from './pdf-text-item';
import type { StructNode } from './tagged-headings';
import { taggedPageTables, treeTables } from './tagged-tables';

const content = (mcid: number): StructNode => ({ type: 'content', id: `p12R_mc${mcid}` });
const element = (role: string, ...children: StructNode[]): StructNode => ({ role, children });

const item = (text: string, mcid: number | undefined, x: number, y: number): PdfTextItem =>
  textItem(text, x, y, mcid === undefined ? {} : { mcid });

describe('tables a tag tree declares', () => {
  const tree = element(
    'Document',
    element('P', content(0)),
    element(
      'Table',
      element('THead', element('TR', element('TH', content(1)), element('TH', content(2)), element('TH', content(3)))),
      element(
        'TBody',
        element('TR', element('TD', content(4)), element('TD', content(5)), element('TD', content(6))),
        element('TR', element('TD', content(7)), element('TD', content(8))),
      ),
    ),
    element('Artifact', element('Table', element('TR', element('TD', content(9))))),
  );

  it('reads rows and cells with their MCIDs, header cells marked, artifacts skipped', () => {
    expect(treeTables(tree)).toEqual([
      {
        rows: [
          [1, 2, 3].map((mcid) => ({ header: true, mcids: [mcid] })),
          [4, 5, 6].map((mcid) => ({ header: false, mcids: [mcid] })),
          [7, 8].map((mcid) => ({ header: false, mcids: [mcid] })),
        ],
      },
    ]);
  });

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
    const { tables, rest } = taggedPageTables(items, treeTables(tree), { page: 1, height: 800 });
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

  it('leaves a table whose cells have no text on this page to the layout', () => {
    expect(taggedPageTables([item('Elsewhere', 0, 50, 40)], treeTables(tree), { page: 2, height: 800 }).tables).toEqual([]);
  });
});
