import { isPageNumber, removePageFurniture } from './page-furniture';
import { linesToBlocks } from './pdf-blocks';
import type { PdfLine } from './pdf-lines';
import { listMarker } from './list-marker';
import { renderText } from '../../formats/text/render-text';

/** A synthetic line: 12pt body text unless told otherwise, on a 800pt page. */
function line(text: string, y: number, extra: Partial<PdfLine> = {}): PdfLine {
  const style = { bold: extra.bold ?? false, italic: false, mono: extra.mono ?? false };
  return {
    page: 1,
    pageHeight: 800,
    text,
    runs: [{ text, ...style }],
    x: 50,
    right: 50 + text.length * 6,
    y,
    size: 12,
    rtl: false,
    segments: [],
    column: -1,
    ...style,
    ...extra,
  };
}

describe('removePageFurniture', () => {
  const page = (n: number, body: string) => [
    line(`ACME Annual Report ${2024}`, 40, { page: n }),
    line(body, 200, { page: n }),
    line(`Page ${n} of 3`, 770, { page: n }),
  ];

  it('drops lines repeated at the page edges and page numbers, keeps the body', () => {
    const pages = removePageFurniture([page(1, 'one'), page(2, 'two'), page(3, 'three')]);
    expect(pages.map((lines) => lines.map((l) => l.text))).toEqual([['one'], ['two'], ['three']]);
  });

  it('keeps a repeated line that is not at an edge', () => {
    const pages = removePageFurniture([[line('Summary', 400, { page: 1 })], [line('Summary', 400, { page: 2 })]]);
    expect(pages.flat()).toHaveLength(2);
  });

  it('recognises page numbers', () => {
    for (const text of ['3', '- 12 -', 'Page 4', 'page 4 of 10', '7 / 9', 'iv', '[2]']) expect(isPageNumber(text)).toBe(true);
    for (const text of ['2024 results', 'Page four', 'Chapter 1']) expect(isPageNumber(text)).toBe(false);
  });
});

describe('linesToBlocks', () => {
  const full = (text: string) => text.padEnd(50, ' x').slice(0, 50);

  it('joins wrapped lines into a paragraph and hyphenated words into one word', () => {
    const blocks = linesToBlocks([
      line(full('The conver-'), 100, {
        text: 'The conver-',
        runs: [{ text: 'The conver-', bold: false, italic: false, mono: false }],
        right: 350,
      }),
      line('sion works.', 114),
    ]);
    expect(renderText(blocks)).toBe('The conversion works.\n');
  });

  it('starts a new paragraph after a vertical gap', () => {
    const blocks = linesToBlocks([
      line('First paragraph', 100),
      line('ends.', 114),
      line('Second one.', 140),
      line('Third line', 154),
      line('goes on', 168),
    ]);
    expect(blocks.map((b) => b.type)).toEqual(['paragraph', 'paragraph']);
  });

  it('ranks larger sizes as headings, a title level with the top sections, and keeps standalone bold lines as the next level', () => {
    const blocks = linesToBlocks([
      line('Big Title', 60, { size: 24 }),
      line('Chapter', 100, { size: 16 }),
      line('Body text here.', 130),
      line('Body again here', 144),
      line('Bold Heading', 180, { bold: true }),
      line('More body.', 210),
    ]);
    // A title (the largest style, once, on the first page) does not push the sections down.
    expect(blocks.filter((b) => b.type === 'heading').map((b) => (b.type === 'heading' ? b.level : 0))).toEqual([1, 1, 2]);
  });

  it('ranks the largest size above the next when it is used for more than a title', () => {
    const blocks = linesToBlocks([
      line('Part One', 60, { size: 24 }),
      line('Chapter', 100, { size: 16 }),
      line('Body text here.', 130),
      line('Body again here', 144),
      line('Part Two', 60, { size: 24, page: 2 }),
      line('More body.', 100, { page: 2 }),
    ]);
    expect(blocks.filter((b) => b.type === 'heading').map((b) => (b.type === 'heading' ? b.level : 0))).toEqual([1, 2, 1]);
  });

  it('ranks bold above regular at the same size, each size its own level', () => {
    const blocks = linesToBlocks([
      line('Title', 40, { size: 20 }),
      line('Bold Sub', 80, { size: 14, bold: true }),
      line('Body text here.', 110),
      line('Regular Sub', 150, { size: 14 }),
      line('Body again here.', 180),
      line('Small Sub', 220, { size: 13.5 }),
      line('More body text.', 250),
    ]);
    expect(blocks.filter((b) => b.type === 'heading').map((b) => (b.type === 'heading' ? b.level : 0))).toEqual([1, 1, 2, 3]);
  });

  it('builds nested and numbered lists from markers and indentation', () => {
    const blocks = linesToBlocks([
      line('• one', 100, { x: 60 }),
      line('◦ nested', 114, { x: 80 }),
      line('• two', 128, { x: 60 }),
      line('a) letter', 160, { x: 60 }),
    ]);
    expect(renderText(blocks)).toBe('- one\n  - nested\n- two\n\n1. letter\n');
  });

  it('keeps monospace lines as a code block with indentation', () => {
    const blocks = linesToBlocks([
      line('if (x) {', 100, { mono: true, size: 10 }),
      line('go();', 112, { mono: true, size: 10, x: 62 }),
      line('}', 124, { mono: true, size: 10 }),
    ]);
    expect(blocks).toEqual([{ type: 'code', text: 'if (x) {\n  go();\n}', page: 1, bbox: [50, 90, 98, 126.5] }]);
  });

  it('gives every block its page and the box of its lines on that page', () => {
    const blocks = linesToBlocks([
      line('Results', 100, { size: 18, right: 120 }),
      line('Body text on the first page.', 140),
      line('Next page paragraph.', 60, { page: 2 }),
    ]);
    expect(blocks.map((b) => [b.type, b.page])).toEqual([
      ['heading', 1],
      ['paragraph', 1],
      ['paragraph', 2],
    ]);
    expect(blocks[0].bbox).toEqual([50, 82, 120, 104.5]);
  });
});

describe('listMarker', () => {
  it('reads bullets, numbers and letters', () => {
    expect(listMarker('• item')).toEqual({ ordered: false, rest: 'item' });
    expect(listMarker('- item')).toEqual({ ordered: false, rest: 'item' });
    expect(listMarker('12. item')).toEqual({ ordered: true, number: 12, rest: 'item' });
    expect(listMarker('b) item')).toEqual({ ordered: true, rest: 'item' });
    expect(listMarker('e.g. not a list')).toBeUndefined();
    expect(listMarker('2024 was a year')).toBeUndefined();
  });
});
