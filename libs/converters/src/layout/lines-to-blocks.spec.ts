import { renderText } from '../formats/text/render-text';
import { textLine } from '../testing/text-items';
import { linesToBlocks } from './lines-to-blocks';

describe('linesToBlocks', () => {
  const full = (text: string) => text.padEnd(50, ' x').slice(0, 50);

  it('joins wrapped lines into a paragraph and hyphenated words into one word', () => {
    const blocks = linesToBlocks([
      textLine(full('The conver-'), 100, {
        text: 'The conver-',
        runs: [{ text: 'The conver-', bold: false, italic: false, mono: false }],
        right: 350,
      }),
      textLine('sion works.', 114),
    ]);
    expect(renderText(blocks)).toBe('The conversion works.\n');
  });

  it('keeps the hyphen of a compound broken at it: hyphenation never splits a word that holds a hyphen', () => {
    const blocks = linesToBlocks([
      textLine(full('Lines break at non-white-'), 100, {
        text: 'Lines break at non-white-',
        runs: [{ text: 'Lines break at non-white-', bold: false, italic: false, mono: false }],
        right: 350,
      }),
      textLine('space characters.', 114),
    ]);
    expect(renderText(blocks)).toBe('Lines break at non-white-space characters.\n');
  });

  it('keeps a hyphen before capitals or figures, joined without a space: such a hyphen is the word’s own', () => {
    const line = (text: string, y: number) =>
      textLine(full(text), y, { text, runs: [{ text, bold: false, italic: false, mono: false }], right: 350 });
    const blocks = linesToBlocks([
      line('Cases fell after the pre-', 100),
      line('COVID peak of the 2019-', 114),
      textLine('2020 season.', 128),
    ]);
    expect(renderText(blocks)).toBe('Cases fell after the pre-COVID peak of the 2019-2020 season.\n');
  });

  it('starts a new paragraph after a vertical gap', () => {
    const blocks = linesToBlocks([
      textLine('First paragraph', 100),
      textLine('ends.', 114),
      textLine('Second one.', 140),
      textLine('Third line', 154),
      textLine('goes on', 168),
    ]);
    expect(blocks.map((b) => b.type)).toEqual(['paragraph', 'paragraph']);
  });

  it('ranks larger sizes as headings, a title above the top sections, and keeps standalone bold lines as the next level', () => {
    const blocks = linesToBlocks([
      textLine('Big Title', 60, { size: 24 }),
      textLine('Chapter', 100, { size: 16 }),
      textLine('Body text here.', 130),
      textLine('Body again here', 144),
      textLine('Bold Heading', 180, { bold: true }),
      textLine('More body.', 210),
    ]);
    // A title (the largest style, once, on the first page) is level 1 and its sections level 2, as an HTML page's h1 and h2.
    expect(blocks.filter((b) => b.type === 'heading').map((b) => (b.type === 'heading' ? b.level : 0))).toEqual([1, 2, 3]);
  });

  it('ranks the largest size above the next when it is used for more than a title', () => {
    const blocks = linesToBlocks([
      textLine('Part One', 60, { size: 24 }),
      textLine('Chapter', 100, { size: 16 }),
      textLine('Body text here.', 130),
      textLine('Body again here', 144),
      textLine('Part Two', 60, { size: 24, page: 2 }),
      textLine('More body.', 100, { page: 2 }),
    ]);
    expect(blocks.filter((b) => b.type === 'heading').map((b) => (b.type === 'heading' ? b.level : 0))).toEqual([1, 2, 1]);
  });

  it('ranks bold above regular at the same size, each size its own level', () => {
    const blocks = linesToBlocks([
      textLine('Title', 40, { size: 20 }),
      textLine('Bold Sub', 80, { size: 14, bold: true }),
      textLine('Body text here.', 110),
      textLine('Regular Sub', 150, { size: 14 }),
      textLine('Body again here.', 180),
      textLine('Small Sub', 220, { size: 13.5 }),
      textLine('More body text.', 250),
    ]);
    expect(blocks.filter((b) => b.type === 'heading').map((b) => (b.type === 'heading' ? b.level : 0))).toEqual([1, 2, 3, 4]);
  });

  it('builds nested and numbered lists from markers and indentation', () => {
    const blocks = linesToBlocks([
      textLine('• one', 100, { x: 60 }),
      textLine('◦ nested', 114, { x: 80 }),
      textLine('• two', 128, { x: 60 }),
      textLine('a) letter', 160, { x: 60 }),
    ]);
    expect(renderText(blocks)).toBe('- one\n  - nested\n- two\n\n1. letter\n');
  });

  it('keeps monospace lines as a code block with indentation', () => {
    const blocks = linesToBlocks([
      textLine('if (x) {', 100, { mono: true, size: 10 }),
      textLine('go();', 112, { mono: true, size: 10, x: 62 }),
      textLine('}', 124, { mono: true, size: 10 }),
    ]);
    expect(blocks).toEqual([{ type: 'code', text: 'if (x) {\n  go();\n}', page: 1, bbox: [50, 90, 98, 126.5] }]);
  });

  it('gives every block its page and the box of its lines on that page', () => {
    const blocks = linesToBlocks([
      textLine('Results', 100, { size: 18, right: 120 }),
      textLine('Body text on the first page.', 140),
      textLine('Next page paragraph.', 60, { page: 2 }),
    ]);
    expect(blocks.map((b) => [b.type, b.page])).toEqual([
      ['heading', 1],
      ['paragraph', 1],
      ['paragraph', 2],
    ]);
    expect(blocks[0].bbox).toEqual([50, 82, 120, 104.5]);
  });
});
