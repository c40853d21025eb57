import { convertText } from '../../testing/convert-text';
import { convertFixture } from '../../testing/fixtures';
import { capQuoteMarkers, splitFrontMatter } from './markdown.reader';

describe('markdown reader (sample.md)', () => {
  let markdown: string;
  let text: string;

  beforeAll(async () => {
    const result = await convertFixture('sample.md', 'text/markdown');
    ({ markdown, text } = result.outputs as { markdown: string; text: string });
    expect(result.metadata).toEqual({
      title: 'Document Conversion Handbook',
      author: 'Ada Example',
      subject: 'How the docformat service turns documents into text',
      keywords: 'conversion, markdown, fixtures',
      language: 'en',
    });
  });

  it('normalises markdown: ATX headings, "-" bullets, 2-space nesting, GFM table, fenced code', () => {
    expect(markdown).toMatch(/^# Document Conversion Handbook\n\nThis handbook/);
    expect(markdown).toContain('- Hypertext pages\n  - Nested item about semantic markup');
    expect(markdown).toContain('| Format | Media type | Notes |\n| --- | --- | --- |');
    expect(markdown).toContain('| custom | text/x-custom | Cells may hold a \\| pipe |');
    expect(markdown).toContain('```js\nconst job');
    expect(markdown).not.toContain('title: Document Conversion Handbook');
    // Soft line breaks of the source are reflowed into one line per paragraph.
    expect(markdown).toContain('This handbook explains how a *document conversion* service turns uploaded files into **plain text**');
  });

  it('strips all markup for text', () => {
    expect(text).toContain('Read the project specification for the complete contract, or the relative guide for details.');
    for (const markup of ['#', '**', '](', '|---', '```', '---']) expect(text).not.toContain(markup);
    expect(text).toContain('custom\ttext/x-custom\tCells may hold a | pipe');
  });

  it('sniffs a .md file served as text/plain', async () => {
    const result = await convertText({
      bytes: Buffer.from('# Hi\n\n* a\n* b\n'),
      contentType: 'text/plain',
      fileName: 'README.md',
      formats: ['markdown'],
      maxPages: 1,
    });
    expect(result.outputs['markdown']).toBe('# Hi\n\n- a\n- b\n');
  });

  it('escapes text that would read as markup', async () => {
    const result = await convertText({
      bytes: Buffer.from('1\\. not a list and \\*not emphasis\\*\n'),
      contentType: 'text/markdown',
      formats: ['markdown', 'text'],
      maxPages: 1,
    });
    expect(result.outputs['markdown']).toBe('1\\. not a list and \\*not emphasis\\*\n');
    expect(result.outputs['text']).toBe('1. not a list and *not emphasis*\n');
  });
});

describe('splitFrontMatter', () => {
  it('reads flat fields and returns the body', () => {
    expect(splitFrontMatter('---\ntitle: "Quoted"\nlang: fr\nother: x\n---\n# Body\n')).toEqual({
      frontMatter: { title: 'Quoted', language: 'fr' },
      body: '# Body\n',
    });
  });

  it('leaves documents without front matter alone', () => {
    expect(splitFrontMatter('# Only body\n---\n')).toEqual({ frontMatter: {}, body: '# Only body\n---\n' });
  });
});

describe('markdown nested deeper than any real document', () => {
  const convert = (source: string) =>
    convertText({ bytes: Buffer.from(source), contentType: 'text/markdown', formats: ['markdown', 'text'], maxPages: 1 });

  it('reads a 100,000-deep block quote and everything after it', async () => {
    const { outputs } = await convert(`# Title\n\n${'>'.repeat(100_000)} quoted\n\nafter the quote\n`);
    expect(outputs['text']).toContain('quoted');
    expect(outputs['text']).toContain('after the quote');
    expect(outputs['markdown']).toContain('> '.repeat(32) + 'quoted');
  });

  it('reads raw HTML nested 100,000 deep inside markdown', async () => {
    const { outputs } = await convert(`intro\n\n${'<div>'.repeat(100_000)}\n\ndeep words\n`);
    expect(outputs['text']).toContain('deep words');
  }, 30_000);

  it('capQuoteMarkers leaves ordinary quotes alone', () => {
    expect(capQuoteMarkers('> a\n> > b\n>>> c\n')).toBe('> a\n> > b\n>>> c\n');
  });
});
