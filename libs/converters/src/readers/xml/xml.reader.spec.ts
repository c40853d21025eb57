import { convertText } from '../../testing/convert-text';
import { convertFixture, failureCode, fixture } from '../../testing/fixtures';
import { MAX_INDENT_DEPTH } from './pretty-xml';
import { MAX_XML_CHARS } from './xml.reader';

const convert = (source: string | Buffer, mimeType = 'application/xml', fileName?: string) =>
  convertText({ bytes: Buffer.from(source), contentType: mimeType, fileName, formats: ['markdown', 'text'], maxPages: 1 });

describe('XML reader: RSS 2.0 feed', () => {
  let markdown: string;
  let result: Awaited<ReturnType<typeof convertFixture>>;

  beforeAll(async () => {
    result = await convertFixture('misc/feed-rss.xml', 'application/rss+xml');
    markdown = result.outputs['markdown'];
  });

  it('has the feed title as H1 and one ## section per item with link, date and author', () => {
    expect(
      markdown.startsWith('# DocFormat Release Notes\n\nWhat changed in each DocFormat release\n\n## Item 1: Feeds are supported\n'),
    ).toBe(true);
    expect(markdown).toContain(
      'Link: [https://example.com/releases/1](https://example.com/releases/1)  \nDate: 2024-05-01T08:30:00.000Z  \nAuthor: Grace Sample',
    );
    expect(markdown).toMatch(/^## Item 2: Zip archives$/m);
    expect(markdown).toContain('[https://example.com/releases/2]');
  });

  it('reads content:encoded over the description, as HTML, headings below the item', () => {
    expect(markdown).toContain('### Big news\n\nRSS and **Atom** feeds now convert.\n\n- Items become sections\n- Links are kept');
    expect(markdown).not.toMatch(/Short summary|SHOULD-NOT-APPEAR/);
    expect(markdown).toContain('Archives are opened *entry by entry*.');
  });

  it('reads channel metadata; one page', () => {
    expect(result.metadata).toEqual({
      title: 'DocFormat Release Notes',
      subject: 'What changed in each DocFormat release',
      language: 'en-us',
      modifiedAt: '2024-05-01T09:00:00.000Z',
    });
    expect(result.pages).toBe(1);
  });
});

describe('XML reader: Atom feed', () => {
  it('reads html, xhtml and text content, the alternate link and the feed author', async () => {
    const result = await convertFixture('misc/feed-atom.xml', 'application/atom+xml');
    const markdown = result.outputs['markdown'];
    expect(markdown.startsWith('# Engineering Blog\n\nNotes from the DocFormat team\n\n## Entry with HTML content\n')).toBe(true);
    expect(markdown).toContain('Link: [https://blog.example.com/posts/html](https://blog.example.com/posts/html)');
    expect(markdown).not.toContain('/edit/1');
    expect(markdown).toContain('Escaped [HTML link](https://example.com/x) content.');
    expect(markdown).toContain(
      '## Entry with XHTML content\n\nLink: [https://blog.example.com/posts/xhtml](https://blog.example.com/posts/xhtml)  \nDate: 2024-04-20T08:00:00.000Z\n\nInline *XHTML* body.',
    );
    expect(result.outputs['text']).toContain('Plain text summary with <angle brackets> kept literally.');
    expect(result.metadata).toMatchObject({
      title: 'Engineering Blog',
      author: 'Ada Example',
      language: 'en',
      modifiedAt: '2024-05-02T10:00:00.000Z',
    });
  });

  it('is recognised by its root element when served as text/xml or named .atom', async () => {
    for (const [mimeType, name] of [
      ['text/xml', undefined],
      ['text/plain', 'blog.atom'],
    ] as const) {
      const result = await convert(fixture('misc/feed-atom.xml'), mimeType, name);
      expect(result.outputs['markdown']).toMatch(/^## Entry with a text summary$/m);
    }
  });
});

describe('XML reader: other XML', () => {
  it('shows the document re-indented in an xml fence, escapes and attributes kept', async () => {
    const result = await convertFixture('misc/catalog.xml', 'application/xml');
    expect(result.outputs['markdown']).toBe(
      [
        '```xml',
        '<catalog xmlns:x="urn:example:extra">',
        '  <book id="b1" lang="en">',
        '    <title>Conversion Basics</title>',
        '    <price currency="EUR">12.50</price>',
        '  </book>',
        '  <book id="b2">',
        '    <title>Markdown &amp; More</title>',
        '    <x:note>Second &lt;edition&gt;</x:note>',
        '    <empty/>',
        '  </book>',
        '  <!-- a comment -->',
        '</catalog>',
        '```',
        '',
      ].join('\n'),
    );
    expect(result.pages).toBe(1);
  });
});

describe('XML reader: hostile and malformed input', () => {
  it('refuses entity declarations (billion laughs, XXE) without expanding or fetching anything', async () => {
    const laughs = '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]><lolz>&lol2;</lolz>';
    const xxe =
      '<?xml version="1.0"?><!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]><rss><channel><title>&x;</title></channel></rss>';
    expect(await failureCode(convert(laughs))).toBe('UNSUPPORTED_DOCUMENT_TYPE');
    expect(await failureCode(convert(xxe, 'application/rss+xml'))).toBe('UNSUPPORTED_DOCUMENT_TYPE');
  });

  it('accepts a DOCTYPE that only names an external DTD (RSS 0.91) and does not fetch it', async () => {
    const rss =
      '<!DOCTYPE rss PUBLIC "-//Netscape Communications//DTD RSS 0.91//EN" "http://my.netscape.com/publish/formats/rss-0.91.dtd"><rss version="0.91"><channel><title>Old feed</title><item><title>One</title></item></channel></rss>';
    expect((await convert(rss)).outputs['markdown']).toBe('# Old feed\n\n## One\n');
  });

  it('pretty-prints XML nested 100,000 deep, indentation and output capped', async () => {
    const { outputs } = await convert('<a>'.repeat(100_000) + 'core' + '</a>'.repeat(100_000));
    expect(outputs['markdown'].length).toBeLessThan(MAX_XML_CHARS + 1000);
    expect(outputs['markdown']).toMatch(/more characters not shown/);
    expect(outputs['markdown']).toContain('\n' + '  '.repeat(MAX_INDENT_DEPTH) + '<a>\n' + '  '.repeat(MAX_INDENT_DEPTH) + '<a>\n');
  }, 30_000);

  it('reads a feed whose item content nests 100,000 elements deep', async () => {
    const html = '&lt;div&gt;'.repeat(100_000) + 'deep body';
    const rss = `<rss><channel><title>Deep</title><item><title>One</title><description>${html}</description></item></channel></rss>`;
    expect((await convert(rss)).outputs['text']).toContain('deep body');
  }, 30_000);

  it.each([
    ['a truncated feed', fixture('misc/feed-rss.xml').subarray(0, 400)],
    ['mismatched tags', '<a><b></a>'],
    ['text that is not XML', 'just words'],
    ['binary garbage', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0xff])],
  ])('fails %s with CORRUPT_DOCUMENT', async (_name, source) => {
    expect(await failureCode(convert(source))).toBe('CORRUPT_DOCUMENT');
  });
});
