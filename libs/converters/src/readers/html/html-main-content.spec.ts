import { parse } from 'node-html-parser';
import { collapseWhitespace } from './html-dom';
import { convertText } from '../../testing/convert-text';
import { join } from 'node:path';
import { FIXTURES_DIR, convertFixture, fixture, renderFile } from '../../testing/fixtures';

const convert = async (name: string) => (await convertFixture(name, 'text/html')).outputs as { markdown: string; text: string };

/** Every <p> of the page, as the text output shows it (pandoc's title block is chrome, as before). */
function paragraphs(html: string): string[] {
  const root = parse(html);
  root.querySelector('#title-block-header')?.remove();
  return root
    .querySelectorAll('p')
    .map((p) => collapseWhitespace(p.text).trim())
    .filter((text) => text !== '');
}

describe('HTML main-content mode', () => {
  it('reads the one <article> and drops nav, sidebar, share bar, related list, comments, cookie banner, footer', async () => {
    const { markdown, text } = await convert('pdf-html/article-page.html');
    expect(text).not.toMatch(/SHOULD-NOT-APPEAR|Popular posts|Accept/);
    for (const n of ['First', 'Second', 'Third', 'Fourth', 'Fifth']) expect(text).toContain(`${n} article paragraph`);
    expect(markdown).toMatch(/^# How We Convert PDFs\n\nBy Lin Writer, 3 March 2025\n\nFirst article paragraph/);
    expect(markdown).toContain('[relative link to the table guide](../guides/tables.html)');
  });

  it('finds the dominant block of a page without semantic markup and drops chrome-named blocks around it', async () => {
    const { markdown, text } = await convert('pdf-html/div-soup-page.html');
    expect(text).not.toContain('SHOULD-NOT-APPEAR');
    expect(markdown).toMatch(/^# Release Checklist\n\nParagraph one of the checklist/);
    for (const n of ['one', 'two', 'three']) expect(text).toContain(`Paragraph ${n} of the checklist`);
  });

  it.each(['pdf-html/plain-page.html', 'sample.html'])('keeps every paragraph of a page without chrome (%s)', async (name) => {
    const { text } = await convert(name);
    const expected = paragraphs(fixture(name).toString('utf8'));
    expect(expected.length).toBeGreaterThan(3);
    for (const paragraph of expected) expect(text.replace(/\s+/g, ' ')).toContain(paragraph);
  });

  it('drops the Prev/Up/Next navigation of generated manuals (DocBook div.navheader, div.navfooter)', async () => {
    const paragraph = (n: number) =>
      `<p>Paragraph ${n} of the manual section, long enough to count as the content of this page for sure.</p>`;
    const navigation = (where: string) =>
      `<div class="nav${where}"><table summary="Navigation ${where}"><tr><td><a href="prev.html">Prev</a></td><td><a href="index.html">Home</a></td><td><a href="next.html">Next</a></td></tr></table></div>`;
    const page = `<html><head><title>2.6. Joins</title></head><body>${navigation('header')}<div class="sect1"><div class="titlepage"><h2 class="title">2.6. Joins</h2></div>${[1, 2, 3].map(paragraph).join('')}</div>${navigation('footer')}</body></html>`;
    const { markdown } = (await convertText({ bytes: Buffer.from(page), contentType: 'text/html', formats: ['markdown'], maxPages: 1 }))
      .outputs as { markdown: string };
    expect(markdown).not.toMatch(/Prev|Home|Next/);
    expect(markdown).toMatch(/^## 2\.6\. Joins\n\nParagraph 1 of the manual section/);
  });

  it('keeps the link list and the heading outside the content block of a plain page', async () => {
    const { markdown } = await convert('pdf-html/plain-page.html');
    expect(markdown).toMatch(/^# Meeting Notes\n/);
    expect(markdown).toContain('- [See also one](/see/also-one)\n- [See also two](/see/also-two)');
  });
});

describe('HTML tables with spans, code languages, links (tables-code.html)', () => {
  let markdown: string;
  let text: string;
  beforeAll(async () => ({ markdown, text } = await convert('pdf-html/tables-code.html')));

  it('expands colspan and rowspan into a rectangle: content in the first cell, covered cells empty', () => {
    expect(markdown).toContain(
      [
        '| Reader | Limits |  | Notes |',
        '| --- | --- | --- | --- |',
        '| PDF | pages | 50 | after decryption |',
        '|  | bytes | 20 MB | download size |',
        '| HTML | one page |  | no limit on size |',
      ].join('\n'),
    );
    expect(text).toContain('\tbytes\t20 MB\tdownload size');
  });

  it('keeps the spans beside the rectangle: json cells say rowSpan and colSpan, the covered cells stay empty', async () => {
    const json = (await renderFile(join(FIXTURES_DIR, 'pdf-html/tables-code.html'), 'text/html', 'json')) as {
      blocks: Array<{
        type: string;
        rows?: Array<{ header: boolean; cells: Array<{ text: string; rowSpan?: number; colSpan?: number }> }>;
      }>;
    };
    const rows = json.blocks.find((block) => block.type === 'table')?.rows ?? [];
    expect(rows.map((row) => row.header)).toEqual([true, false, false, false]);
    expect(rows[0].cells[1]).toEqual({ text: 'Limits', colSpan: 2 });
    expect(rows[1].cells[0]).toEqual({ text: 'PDF', rowSpan: 2 });
    expect(rows[2].cells[0]).toEqual({ text: '' });
    expect(rows[3].cells[1]).toEqual({ text: 'one page', colSpan: 2 });
  });

  it('writes the merged cells as an HTML table in markdown with tables: "html", and as rowspan/colspan in html', async () => {
    const markdown = (await renderFile(join(FIXTURES_DIR, 'pdf-html/tables-code.html'), 'text/html', 'markdown', {
      tables: 'html',
    })) as string;
    expect(markdown).toContain(
      [
        '<table>',
        '<thead>',
        '<tr><th scope="col">Reader</th><th scope="col" colspan="2">Limits</th><th scope="col">Notes</th></tr>',
        '</thead>',
        '<tbody>',
        '<tr><td rowspan="2">PDF</td><td>pages</td><td>50</td><td>after decryption</td></tr>',
        '<tr><td>bytes</td><td>20 MB</td><td>download size</td></tr>',
        '<tr><td>HTML</td><td colspan="2">one page</td><td>no limit on size</td></tr>',
        '</tbody>',
        '</table>',
      ].join('\n'),
    );
    // The code blocks and links around it are markdown as ever.
    expect(markdown).toContain('```shell\nnpm run convert -- --format markdown\n```');
    const html = (await renderFile(join(FIXTURES_DIR, 'pdf-html/tables-code.html'), 'text/html', 'html')) as string;
    expect(html).toContain('<td rowspan="2">PDF</td>');
    expect(html).toContain('<th scope="col" colspan="2">Limits</th>');
  });

  it('reads the language from highlight-source-x, data-lang, lang-x and a wrapping language-x', () => {
    expect(markdown).toContain('```shell\nnpm run convert -- --format markdown\n```');
    expect(markdown).toContain('```yaml\nmaxPages: 50\n```');
    expect(markdown).toContain('```ts\nconst pages = 50;\n```');
    expect(markdown).toContain('```ruby\nputs "converted"\n```');
  });

  it('keeps relative, root-relative, fragment and query links as written', () => {
    expect(markdown).toContain(
      '[sibling](./sibling.html), [root](/root/page), [anchor](#section-2), [query](?page=2) and [parent](../up/one.html#part)',
    );
  });
});
