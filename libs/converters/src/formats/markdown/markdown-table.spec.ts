import type { Block, Inline, Table, TableCell } from '../../document';
import { renderMarkdown, renderMarkdownViaHtml } from './render-markdown';

const text = (value: string): Inline => ({ type: 'text', text: value });
const cell = (value: string): TableCell => (value === '' ? [] : [text(value)]);
const table = (header: string[] | undefined, ...rows: string[][]): Table => ({
  type: 'table',
  ...(header ? { header: header.map(cell) } : {}),
  rows: rows.map((row) => row.map(cell)),
});
const paragraph = (...content: Inline[]): Block => ({ type: 'paragraph', content });

/** The same blocks both ways: tables written directly must read exactly as turndown wrote them. */
function expectSameAsTurndown(blocks: Block[]): void {
  expect(renderMarkdown(blocks)).toBe(renderMarkdownViaHtml(blocks));
}

describe('markdown tables written directly', () => {
  it('writes the GFM pipe table turndown wrote', () => {
    expect(renderMarkdown([table(['a', 'b'], ['x | y', ''], ['1', '2'])])).toBe('| a | b |\n| --- | --- |\n| x \\| y |  |\n| 1 | 2 |\n');
  });

  it.each([
    ['markdown characters', ['*star*', '_under_', '`tick`', '[link]', 'back\\slash', '<tag>', 'a < b', '&amp;', '"quoted"']],
    [
      'escapes anchored at the start of a text node',
      [
        '- item',
        '-5',
        '+ plus',
        '+x',
        '== h',
        '# head',
        '####### seven',
        '~~~',
        '> quote',
        '1. one',
        '12.5',
        '2024-03-15',
        '3.',
        '10. ten',
      ],
    ],
    ['whitespace', ['  padded  ', 'a  b', 'a\tb', '+\tx', '1.\tx', '#\tx', '\u00a0- x', 'a\u00a0\u00a0b', '\u3000', ' ', 'a\fb', '\f- x']],
    ['characters an HTML parser changes or drops', ['a\u0000b', '\u0000- x', 'a\r\nb', 'a\rb', '\u000b', '\ud800', 'Café 日本語 €5']],
    ['pipes', ['|', 'a|b', '\\|', '`a|b`']],
  ])('matches turndown for %s', (_name, values) => {
    expectSameAsTurndown([table(['h1', 'h2'], ...values.map((value) => [value, `x${value}x`]))]);
    expectSameAsTurndown([
      table(
        undefined,
        values,
        values.map((value) => ` ${value}`),
      ),
    ]);
  });

  it('matches turndown for cells with line breaks and several text nodes', () => {
    const cells: TableCell[] = [
      [text('a'), { type: 'break' }, text('- b')],
      [text('a '), { type: 'break' }, text(' b')],
      [{ type: 'break' }, text('# x')],
      [text('x'), { type: 'break' }, { type: 'break' }],
      [text('1'), text('. one')],
      [text('-'), text(''), text(' x')],
      [text('+'), { type: 'break' }, text(' y')],
    ];
    expectSameAsTurndown([{ type: 'table', header: cells, rows: [cells.slice().reverse()] }]);
  });

  it('matches turndown around other blocks, first, last and side by side', () => {
    const small = table(['a'], ['b']);
    expectSameAsTurndown([paragraph(text('Before')), small, paragraph(text('After'))]);
    expectSameAsTurndown([small, small, { type: 'heading', level: 2, content: [text('Sheet')] }, small]);
    // A paragraph ending in a hard break keeps its trailing spaces before the next block.
    expectSameAsTurndown([paragraph(text('line'), { type: 'break' }), small, paragraph({ type: 'break' }, text('x'))]);
    expectSameAsTurndown([{ type: 'quote', blocks: [small] }, small, { type: 'list', ordered: false, items: [{ blocks: [small] }] }]);
  });

  it('matches turndown for empty and ragged tables', () => {
    expectSameAsTurndown([table(undefined), paragraph(text('x'))]);
    expectSameAsTurndown([table([], ['a'])]);
    expectSameAsTurndown([table(['a', 'b', 'c'], ['1'], ['1', '2', '3', '4'], [])]);
    expectSameAsTurndown([table(undefined, [], ['a'])]);
  });

  it('leaves tables with markup in their cells to turndown', () => {
    const rich: Table = {
      type: 'table',
      header: [[{ type: 'strong', content: [text('bold')] }], [{ type: 'link', href: 'https://x.test/a|b', content: [text('l|nk')] }]],
      rows: [[[{ type: 'inlineCode', text: 'z|w' }], [{ type: 'emphasis', content: [text('em')] }]]],
    };
    expectSameAsTurndown([rich, table(['plain'], ['cell'])]);
    expect(renderMarkdown([rich])).toBe('| **bold** | [l\\|nk](https://x.test/a\\|b) |\n| --- | --- |\n| `z\\|w` | *em* |\n');
  });

  it('is not fooled by document text that looks like its placeholders', () => {
    expectSameAsTurndown([paragraph(text('DfTable0n0x and DfTable1n')), table(['a'], ['b']), paragraph(text('DfTable0n1x'))]);
  });

  it('matches turndown on random tables of awkward text', () => {
    // A fixed-seed generator: the same cases on every run.
    let seed = 42;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed % n;
    };
    const pieces = [
      'a',
      'B',
      '1',
      '23',
      '.',
      ' ',
      '  ',
      '\t',
      '\n',
      '\u00a0',
      '-',
      '+',
      '=',
      '#',
      '~',
      '>',
      '<',
      '*',
      '_',
      '`',
      '[',
      ']',
      '\\',
      '|',
      '&',
      '"',
      'é',
      '日',
      '\u0000',
    ];
    const randomText = () => Array.from({ length: random(6) }, () => pieces[random(pieces.length)]).join('');
    const randomCell = (): TableCell =>
      Array.from({ length: random(3) + 1 }, (): Inline => (random(5) === 0 ? { type: 'break' } : text(randomText())));
    for (let round = 0; round < 200; round++) {
      const width = random(4) + 1;
      const rows = Array.from({ length: random(4) + 1 }, () => Array.from({ length: width }, randomCell));
      const [header, ...body] = rows;
      expectSameAsTurndown([
        paragraph(text(randomText() || 'p')),
        { type: 'table', ...(random(2) ? { header } : {}), rows: random(2) ? body : rows },
      ]);
    }
  });
});
