import { blockText, headingsAndTables, withoutTables, type PandocDoc, type PandocElement } from './pandoc-ast';

// Tiny pandoc-types 1.22 ASTs (pandoc 2.17's `-t json`), written out by hand.
const attr = ['', [], []];
const str = (text: string): PandocElement[] =>
  text.split(' ').flatMap((word, i) => (i === 0 ? [{ t: 'Str', c: word }] : [{ t: 'Space' }, { t: 'Str', c: word }]));
const plain = (text: string): PandocElement => ({ t: 'Plain', c: str(text) });
const cell = (text: string, rowSpan = 1, colSpan = 1) => [attr, { t: 'AlignDefault' }, rowSpan, colSpan, text ? [plain(text)] : []];
const row = (...cells: unknown[]) => [attr, cells];
const table = (head: unknown[], body: unknown[], rowHeadColumns = 0, foot: unknown[] = []): PandocElement => ({
  t: 'Table',
  c: [attr, [null, []], [], [attr, head], [[attr, rowHeadColumns, [], body]], [attr, foot]],
});
const header = (level: number, text: string): PandocElement => ({ t: 'Header', c: [level, attr, str(text)] });
const doc = (...blocks: PandocElement[]): PandocDoc => ({ 'pandoc-api-version': [1, 22, 1], meta: {}, blocks });

describe('reading headings and tables from pandoc JSON', () => {
  it('keeps row and column spans as HTML lists cells, and marks head rows and row-head columns as headers', () => {
    const spanned = table(
      [row(cell('Region', 2), cell('Sales', 1, 2)), row(cell('2022'), cell('2023'))],
      [row(cell('North'), cell('10'), cell('12')), row(cell('South'), cell('7'), cell('9'))],
      1,
    );
    const { tables } = headingsAndTables(doc(spanned));
    expect(tables).toEqual([
      {
        nested: false,
        rows: [
          [
            { text: 'Region', rowSpan: 2, header: true },
            { text: 'Sales', colSpan: 2, header: true },
          ],
          [
            { text: '2022', header: true },
            { text: '2023', header: true },
          ],
          [{ text: 'North', header: true }, { text: '10' }, { text: '12' }],
          [{ text: 'South', header: true }, { text: '7' }, { text: '9' }],
        ],
      },
    ]);
  });

  it('drops the empty head row the ODT reader adds, but keeps an empty body row and the foot', () => {
    const odt = table([row(cell(''), cell(''))], [row(cell('a'), cell('b')), row(cell(''), cell(''))], 0, [row(cell('Total'), cell('2'))]);
    expect(headingsAndTables(doc(odt)).tables[0].rows).toEqual([
      [{ text: 'a' }, { text: 'b' }],
      [{ text: '' }, { text: '' }],
      [{ text: 'Total' }, { text: '2' }],
    ]);
  });

  it('lists only outermost tables, flagging one that holds another, whose text stays in the outer cell', () => {
    const inner = table([], [row(cell('inner'))]);
    const outer = table([], [row([attr, { t: 'AlignDefault' }, 1, 1, [plain('before'), inner]], cell('x'))]);
    const { tables } = headingsAndTables(doc(outer));
    expect(tables).toHaveLength(1);
    expect(tables[0]).toEqual({ nested: true, rows: [[{ text: 'before inner' }, { text: 'x' }]] });
  });

  it('takes headings in document order from inside lists and divs, clamps levels to 1–6 and skips empty ones', () => {
    const list: PandocElement = { t: 'BulletList', c: [[header(2, 'In a list')]] };
    const div: PandocElement = { t: 'Div', c: [attr, [header(9, 'Deep')]] };
    const { headings } = headingsAndTables(doc(header(0, 'Title'), list, header(3, ''), div));
    expect(headings).toEqual([
      { level: 1, text: 'Title' },
      { level: 2, text: 'In a list' },
      { level: 6, text: 'Deep' },
    ]);
  });

  it('reads visible text only: quotes and emphasis kept, footnotes and images left out', () => {
    const para: PandocElement = {
      t: 'Para',
      c: [
        { t: 'Quoted', c: [{ t: 'DoubleQuote' }, str('so called')] },
        { t: 'Space' },
        { t: 'Strong', c: str('bold') },
        { t: 'Note', c: [plain('a footnote')] },
        { t: 'Image', c: [attr, str('alt text'), ['x.png', '']] },
        { t: 'SoftBreak' },
        { t: 'Code', c: [attr, 'x = 1'] },
      ],
    };
    expect(blockText([para])).toBe('“so called” bold x = 1');
  });

  it('removes tables wherever they are for the plain-text truth, leaving the rest', () => {
    const t = table([], [row(cell('cell'))]);
    const stripped = withoutTables(doc(plain('top'), t, { t: 'Div', c: [attr, [t, plain('in div')]] }));
    expect(stripped.blocks).toEqual([plain('top'), { t: 'Div', c: [attr, [plain('in div')]] }]);
  });
});
