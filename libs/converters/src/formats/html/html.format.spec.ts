import { join } from 'node:path';
import { parse } from 'node-html-parser';
import type { IntermediateDocument } from '../../document';
import { FIXTURES_DIR, renderFile } from '../../testing/fixtures';
import { sampleBlocks } from '../../testing/sample-document';
import { render } from './html.format';

const PPTX = 'application/vnd.openxmlformats-officedocument.presentationml.presentation';

async function html(name: string, mimeType: string, pages?: string): Promise<string> {
  const body = await renderFile(join(FIXTURES_DIR, name), mimeType, 'html', pages ? { pages } : {});
  if (typeof body !== 'string') throw new Error('html is a text format');
  return body;
}

/** Elements that run code, load something or navigate by themselves. */
const FORBIDDEN_ELEMENTS = new Set(['script', 'iframe', 'object', 'embed', 'form', 'input', 'svg', 'math', 'base', 'link', 'img', 'frame']);

/**
 * Tags and attributes that only the source could have put there. Text from the
 * document is escaped, `"` included, so it may read `onerror=&quot;…` but never
 * hold a tag or an attribute with a real quote.
 */
const MARKUP_FROM_SOURCE = /<(script|img|svg|iframe|object|embed|form|input|base|link)\b|\son[a-z]+="|\sstyle="/i;

/**
 * What in a parsed page could run or load anything: forbidden elements, event
 * attributes, inline styles, links and sources with a scheme other than http(s) or
 * mailto, and any <meta http-equiv> but the content security policy.
 */
function unsafeParts(page: string): string[] {
  const found: string[] = [];
  for (const element of parse(page).querySelectorAll('*')) {
    const tag = element.tagName.toLowerCase();
    if (FORBIDDEN_ELEMENTS.has(tag)) found.push(`<${tag}>`);
    for (const [name, value] of Object.entries(element.attributes)) {
      const attribute = name.toLowerCase();
      if (attribute.startsWith('on') || attribute === 'style' || attribute === 'srcdoc') found.push(`${tag}[${attribute}]`);
      if (['href', 'src', 'action', 'formaction', 'cite', 'background', 'poster'].includes(attribute)) {
        // eslint-disable-next-line no-control-regex -- browsers drop control characters from URLs
        const scheme = /^\s*([a-z][a-z0-9+.-]*):/i.exec(value.replace(/[\u0000-\u001f]/g, ''));
        if (scheme && !['http', 'https', 'mailto'].includes(scheme[1].toLowerCase())) found.push(`${tag}[${attribute}=${value}]`);
      }
      if (attribute === 'http-equiv' && value.toLowerCase() !== 'content-security-policy') found.push(`meta[http-equiv=${value}]`);
    }
  }
  return found;
}

describe('html format', () => {
  describe('a markdown document (sample.md)', () => {
    let page: string;
    beforeAll(async () => {
      page = await html('sample.md', 'text/markdown');
    });

    it('is a standalone HTML5 document with the title, language and metadata of the source', () => {
      expect(page.startsWith('<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">')).toBe(true);
      expect(page).toContain('<title>Document Conversion Handbook</title>');
      expect(page).toContain('<meta name="author" content="Ada Example">');
      expect(page).toContain('<meta name="keywords" content="conversion, markdown, fixtures">');
      expect(page).toContain('<meta http-equiv="Content-Security-Policy" content="default-src \'none\';');
      expect(page.endsWith('</main>\n</body>\n</html>\n')).toBe(true);
      expect(unsafeParts(page)).toEqual([]);
    });

    it('keeps headings, emphasis and links, external links without opener or referrer', () => {
      expect(page).toContain('<h1>Document Conversion Handbook</h1>');
      expect(page).toContain('<h2>Supported Inputs</h2>');
      expect(page).toContain('<h3>Processing Steps</h3>');
      expect(page).toContain(
        'a <em>document conversion</em> service turns uploaded files into\n<strong>plain text</strong>'.replace('\n', ' '),
      );
      expect(page).toContain('<a href="https://example.com/spec" rel="noopener noreferrer">project specification</a>');
      expect(page).toContain('<a href="docs/guide.html">relative guide</a>');
    });

    it('nests lists inside their items and numbers ordered lists', () => {
      expect(page).toContain(
        '<li>Hypertext pages<ul>\n<li>Nested item about semantic markup</li>\n<li>Nested item about navigation chrome</li>\n</ul></li>',
      );
      expect(page).toContain('<ol>\n<li>Download the document from its origin</li>');
    });

    it('writes header cells as <th scope="col"> and the body as <td>, a pipe as itself', () => {
      expect(page).toContain(
        '<thead>\n<tr><th scope="col">Format</th><th scope="col">Media type</th><th scope="col">Notes</th></tr>\n</thead>',
      );
      expect(page).toContain('<tr><td>custom</td><td>text/x-custom</td><td>Cells may hold a | pipe</td></tr>');
    });

    it('marks code with its language class and escapes it; quotes stay quotes', () => {
      expect(page).toMatch(/<pre><code class="language-js">const job = await client\.format\(\{ url: 'https:\/\/example\.com\/a\.pdf'/);
      expect(page).toContain(
        '<blockquote>\n<p>Security is a process, not a product. Review the configuration regularly.</p>\n</blockquote>',
      );
    });

    it('has no page wrappers: the document has no pages', () => {
      expect(page).not.toContain('data-page');
    });
  });

  describe('pages', () => {
    it('wraps each PDF page in <div class="page" data-page="N">, in order', async () => {
      const page = await html('sample.pdf', 'application/pdf');
      expect([...page.matchAll(/<div class="page" data-page="(\d+)">/g)].map((match) => match[1])).toEqual(['1', '2', '3', '4']);
      const second = page.slice(page.indexOf('data-page="2"'), page.indexOf('data-page="3"'));
      expect(second).toContain('<h2>Output Formats</h2>');
      expect(second).toContain('<th scope="col">Format</th>');
    });

    it('marks only the converted pages of a selection', async () => {
      const page = await html('sample.pdf', 'application/pdf', '2-3');
      expect([...page.matchAll(/data-page="(\d+)"/g)].map((match) => match[1])).toEqual(['2', '3']);
      expect(page).not.toContain('Supported Inputs');
    });

    it('writes a slide deck picture as a placeholder with its alt text', async () => {
      const page = await html('office-data/media-deck.pptx', PPTX);
      expect(page).toContain(
        '<figure class="image" data-src="team-photo.png" role="img" aria-label="Team photo: six people in front of the Lisbon office"><figcaption>[Image: Team photo: six people in front of the Lisbon office]</figcaption></figure>',
      );
      expect(page).not.toMatch(/<img|base64/);
    });
  });

  describe('hostile input', () => {
    it('an HTML page: scripts, event attributes and unsafe links do not survive; its text does, escaped', async () => {
      const page = await html('hostile/hostile.html', 'text/html');
      expect(unsafeParts(page)).toEqual([]);
      expect(page).not.toMatch(MARKUP_FROM_SOURCE);
      for (const bad of ['javascript:', 'vbscript:', 'data:', 'tracker.example', 'written by script', 'refresh'])
        expect(page).not.toContain(bad);
      expect(page).toContain('<title>Hostile &lt;script&gt;alert(&quot;title&quot;)&lt;/script&gt; page</title>');
      expect(page).toContain(
        'Literal markup as text: &lt;script&gt;alert(&quot;text&quot;)&lt;/script&gt; &amp; &lt;img src=x onerror=alert(2)&gt;',
      );
      expect(page).toContain('<a href="https://example.com/report" rel="noopener noreferrer">a safe link</a>');
      expect(page).toContain(', a javascript link, a mixed-case link, a tab-split link, a data link, a vbscript link and a');
      expect(page).toContain('<a href="mailto:safety@example.com">mail link</a>');
      expect(page).toContain('<a href="#top">fragment link</a>');
      expect(page).toContain('<th scope="col">Value</th>');
      expect(page).toContain('document.cookie = &quot;&lt;/code&gt;&lt;/pre&gt;&lt;script&gt;');
    });

    it('a markdown file with raw HTML: the HTML never passes through', async () => {
      const page = await html('hostile/hostile.md', 'text/markdown');
      expect(unsafeParts(page)).toEqual([]);
      expect(page).not.toMatch(MARKUP_FROM_SOURCE);
      expect(page).not.toMatch(/<div|href="(javascript|data|vbscript):/i);
      expect(page).toContain('<a href="https://example.com/notes" rel="noopener noreferrer">safe</a>');
      expect(page).toContain('<a href="docs/page.html">relative</a>');
      expect(page).toContain('<strong>bold</strong>');
    });

    it('a tree with hostile links, language, alt text, picture name and metadata: all escaped or dropped', () => {
      const hostile: IntermediateDocument = {
        pages: 1,
        metadata: { title: '</title><script>alert(1)</script>', language: 'en" onload="alert(1)', author: '"><svg onload=alert(1)>' },
        blocks: [
          {
            type: 'paragraph',
            content: [
              { type: 'link', href: 'javascript:alert(1)', content: [{ type: 'text', text: 'one' }] },
              { type: 'link', href: ' \tjava\nscript:alert(1)', content: [{ type: 'text', text: 'two' }] },
              { type: 'link', href: 'data:text/html,<script>alert(1)</script>', content: [{ type: 'text', text: 'three' }] },
              { type: 'link', href: 'https://example.com/?a="b"&c=<d>', content: [{ type: 'text', text: 'four' }] },
            ],
          },
          { type: 'code', language: 'js" onmouseover="alert(1)', text: '</code><script>alert(1)</script>' },
          { type: 'image', alt: '"><img src=x onerror=alert(1)>', src: 'x" onerror="alert(1).png' },
        ],
      };
      const page = render(hostile);
      expect(unsafeParts(page)).toEqual([]);
      expect(page).not.toMatch(MARKUP_FROM_SOURCE);
      expect(page).not.toMatch(/href="(javascript|data)/);
      expect(page).toContain('<title>&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;</title>');
      expect(page).toContain('<html lang="en&quot; onload=&quot;alert(1)">');
      expect(page).toContain(
        '<p>onetwothree<a href="https://example.com/?a=&quot;b&quot;&amp;c=&lt;d&gt;" rel="noopener noreferrer">four</a></p>',
      );
      expect(page).toContain('<pre><code class="language-jsonmouseoveralert1">&lt;/code&gt;&lt;script&gt;');
      expect(page).toContain('data-src="x&quot; onerror=&quot;alert(1).png"');
    });
  });

  it('renders every block type of the hand-built sample', () => {
    const page = render({ pages: 1, metadata: {}, blocks: sampleBlocks });
    expect(page).toContain('<title>Title</title>');
    expect(page).toContain(
      '<p>Plain, <strong>bold</strong>, <em>italic</em>, <code>code</code> and a <a href="docs/a%20b.html">link</a>.<br>Second line with &lt;angle&gt; &amp; * star.</p>',
    );
    expect(page).toContain('<li>parent<ol start="3">\n<li>child</li>\n</ol></li>');
    expect(page).toContain('<tr><td>x | y</td><td><code>z|w</code></td></tr>');
    expect(page).toContain('<pre><code class="language-ts">const a = 1;\n```nested fence```</code></pre>');
    expect(page).toContain('<hr>\n<h3>End</h3>');
  });
});
