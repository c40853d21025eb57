import { convertText } from '../../testing/convert-text';
import { convertFixture } from '../../testing/fixtures';

describe('HTML reader: pandoc page (sample.html)', () => {
  let markdown: string;
  let text: string;
  let metadata: Record<string, string | undefined>;

  beforeAll(async () => {
    const result = await convertFixture('sample.html', 'text/html; charset=utf-8');
    ({ markdown, text } = result.outputs as { markdown: string; text: string });
    metadata = { ...result.metadata };
    expect(result.pages).toBe(1);
  });

  it('keeps the heading structure, once (the title block header is chrome)', () => {
    expect(markdown.match(/^# Document Conversion Handbook$/gm)).toHaveLength(1);
    expect(markdown).toMatch(/^## Supported Inputs$/m);
    expect(markdown).toMatch(/^### Processing Steps$/m);
  });

  it('writes lists, nested lists, links, emphasis, code and tables as GFM', () => {
    expect(markdown).toContain('- Portable Document Format files\n- Hypertext pages\n  - Nested item about semantic markup\n');
    expect(markdown).toContain('1. Download the document from its origin\n2. Detect');
    expect(markdown).toContain('[project specification](https://example.com/spec)');
    expect(markdown).toContain('[relative guide](docs/guide.html)');
    expect(markdown).toContain('*document conversion*');
    expect(markdown).toContain('**plain text**');
    expect(markdown).toContain(
      "```js\nconst job = await client.format({ url: 'https://example.com/a.pdf', formats: ['markdown'] });\nconsole.log(job.id);\n```",
    );
    expect(markdown).toContain('| Format | Media type | Notes |\n| --- | --- | --- |\n| text | text/plain | No markup at all |');
    expect(markdown).toContain('| custom | text/x-custom | Cells may hold a \\| pipe |');
    expect(markdown).toContain('> Security is a process, not a product.');
  });

  it('writes text without markup', () => {
    expect(text).toContain('Supported Inputs\n\nThe service accepts');
    expect(text).toContain('Format\tMedia type\tNotes\ntext\ttext/plain\tNo markup at all');
    expect(text).toContain('Read the project specification for the complete contract');
    for (const markup of ['#', '**', '](', '|---', '| ---', '```', '<']) expect(text).not.toContain(markup);
  });

  it('reads title, author, keywords and language', () => {
    expect(metadata).toMatchObject({
      title: 'Document Conversion Handbook',
      author: 'Ada Example',
      keywords: 'conversion, markdown, fixtures',
      language: 'en',
    });
  });
});

describe('HTML reader: page with site chrome (chrome-page.html)', () => {
  let markdown: string;
  let text: string;
  let metadata: Record<string, string | undefined>;

  beforeAll(async () => {
    const result = await convertFixture('chrome-page.html', 'text/html');
    ({ markdown, text } = result.outputs as { markdown: string; text: string });
    metadata = { ...result.metadata };
  });

  it('drops scripts, styles, navigation, site header and footer, asides and forms', () => {
    for (const output of [markdown, text]) {
      expect(output).not.toMatch(/SHOULD-NOT-APPEAR|SiteLogo|menu link|font-family/);
    }
  });

  it('keeps the header and footer of the article itself', () => {
    expect(text).toContain('Written by Grace Sample');
    expect(text).toContain('Article footnote kept with the article.');
  });

  it('uses <title> as the H1 when the page has none', () => {
    expect(markdown.startsWith('# Release Notes & Upgrade Guide\n\nWritten by Grace Sample')).toBe(true);
    expect(markdown).toMatch(/^## What changed$/m);
  });

  it('keeps links as written, nested lists, list starts, code language and header-less tables', () => {
    expect(markdown).toContain('[upgrade notes](../docs/upgrade.html)');
    expect(markdown).toContain('[full changelog](https://example.org/changelog?from=1&to=2)');
    expect(markdown).toContain('**conversion engine** and adds *streaming* output');
    expect(markdown).toContain(
      '- Faster PDF parsing\n  - Lazy loading of `pdf.js`\n  - Smaller memory footprint\n- Cleaner **markdown** output',
    );
    expect(markdown).toContain('3. Stop the workers\n4. Run the migration');
    expect(markdown).toContain('```python\ndef configure(max_pages=50):\n    return {"max_pages": max_pages}\n```');
    expect(markdown).toContain('| Setting | Default |\n| --- | --- |\n| MAX\\_PAGES | 50 |\n| SEPARATOR | a \\| b |');
    expect(text).toContain('- Faster PDF parsing\n  - Lazy loading of pdf.js');
    expect(text).toContain('3. Stop the workers\n4. Run the migration');
  });

  it('reads author, description as subject, keywords and language', () => {
    expect(metadata).toEqual({
      title: 'Release Notes & Upgrade Guide',
      author: 'Grace Sample',
      subject: 'What changed in version 2 and how to upgrade',
      keywords: 'release, upgrade',
      language: 'de-CH',
    });
  });
});

describe('HTML reader: edge cases', () => {
  const html = async (source: string) =>
    (await convertText({ bytes: Buffer.from(source), contentType: 'text/html', formats: ['markdown'], maxPages: 1 })).outputs['markdown'];

  it('takes only <main> when the page marks it', async () => {
    const markdown = await html('<body><div>Menu</div><main><h1>Body</h1><p>Text</p></main><div>Ads</div></body>');
    expect(markdown).toBe('# Body\n\nText\n');
  });

  it('turns loose text between blocks into paragraphs and skips empty elements', async () => {
    const markdown = await html('<div>Loose <em>text</em><p>Para</p>tail<p> </p><h2></h2></div>');
    expect(markdown).toBe('Loose *text*\n\nPara\n\ntail\n');
  });

  it('does not repeat <title> as an H1 when a heading of the page already shows it', async () => {
    const markdown = await html(
      '<html><head><title>7.6. LIMIT and OFFSET</title></head><body><h2>7.6. LIMIT  and OFFSET</h2><p>Text</p></body></html>',
    );
    expect(markdown).toBe('## 7.6. LIMIT and OFFSET\n\nText\n');
    expect(await html('<html><head><title>Guide</title></head><body><h2>Part one</h2></body></html>')).toBe('# Guide\n\n## Part one\n');
  });

  it('reads the cells of layout tables as content', async () => {
    const markdown = await html('<table><tr><td><table><tr><td>Inner</td></tr></table></td><td><p>Side</p></td></tr></table>');
    expect(markdown).toContain('Side');
    expect(markdown).not.toContain('| --- |\n| --- |');
  });
});
