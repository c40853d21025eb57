import { convertFixture } from '../../testing/fixtures';
import { joinContinuedTables } from './continued-tables';
import { splitNarrowColumns } from './narrow-columns';
import { type LineSegment, toSegment } from './pdf-lines';
import type { PdfTextItem } from './pdf-text-item';
import type { PdfTable } from './pdf-table';

/** Fixtures in fixtures/pdf-structure/ (see its README): pandoc → ODT → LibreOffice PDFs, and one hand-written flat ODT. */
const convert = async (name: string) =>
  (await convertFixture(`pdf-structure/${name}`, 'application/pdf')).outputs as { markdown: string; text: string };
const headings = (markdown: string) => markdown.split('\n').filter((line) => line.startsWith('#'));

describe('borderless office tables (tables.pdf)', () => {
  let markdown: string;
  beforeAll(async () => ({ markdown } = await convert('tables.pdf')));

  it('splits a right-aligned number column from the text column a word space after it', () => {
    expect(markdown).toContain(
      [
        '| Tool | Shelf | Count | Condition |',
        '| --- | --- | --- | --- |',
        '| Claw hammer | 2 | 14 | Good |',
        '| Hand saw | 3 | 9 | Two need new blades |',
        '| Spirit level | 1 | 120 | Good |',
        '| Wood chisel | 4 | 36 | Needs sharpening |',
      ].join('\n'),
    );
  });

  it('splits a cell that fills its column from the next, and joins a first-column cell wrapped between rows', () => {
    expect(markdown).toContain(
      [
        '| Item | Member | Returned |',
        '| --- | --- | --- |',
        '| Cordless drill and its two batteries | Jordan | 4 March |',
        '| Belt sander | Priya | 9 March |',
        '| Orbital sander with spare discs | Mateo | 12 March |',
        '| Mitre saw with clamp | Sam | 15 March |',
      ].join('\n'),
    );
  });

  it('keeps a header and one row at a page bottom, and joins the part after the break, header repeated once', () => {
    const rows = Array.from({ length: 8 }, (_, i) => `| Bench ${i + 1} | Station ${i + 1} | ${(i + 1) * 3} hours |`);
    expect(markdown).toContain(
      ['| Bench | Station | Booked |', '| --- | --- | --- |', ...rows].join('\n') + '\n\nBookings reset on the first day of each month.\n',
    );
    expect(markdown.match(/\| Bench \| Station \| Booked \|/g)).toHaveLength(1);
  });

  it('ends a table at the heading or paragraph after it', () => {
    expect(markdown).toContain('| Wood chisel | 4 | 36 | Needs sharpening |\n\n## Loans\n\nMembers borrow tools');
  });
});

describe('heading styles alike in size and weight', () => {
  it('ranks the style used first higher: LibreOffice Heading 2 (bold italic) over Heading 3 (bold)', async () => {
    const { markdown } = await convert('headings.pdf');
    expect(headings(markdown)).toEqual([
      '# Rainwater Harvesting at Home',
      '## Collecting',
      '### Choosing a butt',
      '### Keeping it clean',
      '## Using',
      '### Winter care',
    ]);
  });

  it('does not assume italic ranks higher: an italic third level stays below the regular second', async () => {
    const { markdown } = await convert('italic-headings.pdf');
    expect(headings(markdown)).toEqual([
      '# Field Notes on Moths',
      '## Trapping',
      '### The lamp',
      '### Egg boxes',
      '## Recording',
      '### Photographs',
    ]);
  });
});

/** A 12 pt item of text at x, its width 5 pt per character. */
const item = (text: string, x: number): PdfTextItem => ({
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
});

describe('joinContinuedTables', () => {
  const table = (page: number, header: string[], rows: string[][]): PdfTable => {
    const cells = (row: string[]) => row.map((text) => [{ type: 'text' as const, text }]);
    return { kind: 'table', page, left: 50, right: 300, top: 100, table: { type: 'table', header: cells(header), rows: rows.map(cells) } };
  };

  it('joins only across one page break, and not when the second part has a header of its own', () => {
    expect(joinContinuedTables([table(1, ['A', 'B'], [['1', '2']]), table(2, ['A', 'B'], [['3', '4']])])).toHaveLength(1);
    expect(joinContinuedTables([table(1, ['A', 'B'], [['1', '2']]), table(3, ['A', 'B'], [['3', '4']])])).toHaveLength(2);
    expect(joinContinuedTables([table(1, ['A', 'B'], [['1', '2']]), table(2, ['C', 'D'], [['3', '4']])])).toHaveLength(2);
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
    const [joined] = joinContinuedTables([first, second]) as PdfTable[];
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
