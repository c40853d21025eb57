import { extractMarkdownStructure, markdownToPlainText, splitTableRow } from './markdown-structure';

const SAMPLE = [
  '# Annual *Report* 2024',
  '',
  'Intro with a [link](https://example.com) and a # that is not a heading.',
  '',
  '## Members ##',
  '',
  '- First item',
  '    - Nested **item**',
  '* Star item',
  '1. Step one',
  '2) Step two',
  '',
  '* * *',
  '',
  '```sh',
  '# not a heading',
  '- not an item',
  '| not | a table |',
  '```',
  '',
  '| Crop | Weight \\| kg |',
  '|:-----|-------:|',
  '| Squash | 410 |',
  '| | 58 |',
  '',
  '> ### Quoted heading',
  '####### seven hashes is text',
].join('\n');

describe('extractMarkdownStructure', () => {
  const structure = extractMarkdownStructure(SAMPLE);

  it('reads ATX headings with their level, closing hashes dropped, outside code', () => {
    expect(structure.headings).toEqual([
      { level: 1, text: 'annual report 2024' },
      { level: 2, text: 'members' },
      { level: 3, text: 'quoted heading' },
    ]);
  });

  it('reads bullet and numbered items at any depth, but not thematic breaks', () => {
    expect(structure.listItems).toEqual(['first item', 'nested item', 'star item', 'step one', 'step two']);
  });

  it('reads non-empty pipe-table cells, header included, with escaped pipes', () => {
    expect(structure.tableCells).toEqual(['crop', 'weight kg', 'squash', '410', '58']);
  });

  it('finds nothing in plain text', () => {
    expect(extractMarkdownStructure('Just a paragraph.\nA | B\nno delimiter row')).toEqual({ headings: [], listItems: [], tableCells: [] });
  });

  it('reads tables without outer pipes and headings without text are skipped', () => {
    expect(extractMarkdownStructure('a | b\n--|--\nc | d\n\n#\n').tableCells).toEqual(['a', 'b', 'c', 'd']);
    expect(extractMarkdownStructure('#\n').headings).toEqual([]);
  });
});

describe('splitTableRow', () => {
  it('drops outer pipes and unescapes inner ones', () => {
    expect(splitTableRow('| a | b \\| c |  |')).toEqual(['a', 'b | c', '']);
  });
});

describe('markdownToPlainText', () => {
  it('keeps the visible text: no markers, fences, delimiter rows or link targets', () => {
    const text = markdownToPlainText(SAMPLE);
    expect(text).toContain('Annual *Report* 2024\n');
    expect(text).toContain('Intro with a link and a # that is not a heading.');
    expect(text).not.toContain('https://');
    expect(text).not.toContain('```');
    expect(text).not.toContain(':-----');
    expect(text).toContain('First item\nNested **item**\nStar item\n1. Step one\n2. Step two');
    expect(text).toContain('# not a heading\n- not an item');
    expect(text).toContain('Crop\tWeight | kg\nSquash\t410');
  });
});
