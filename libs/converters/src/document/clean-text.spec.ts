import { convertText } from '../testing/convert-text';
import { cleanDocument, cleanText } from './clean-text';
import type { IntermediateDocument } from './intermediate-document';

// eslint-disable-next-line no-control-regex -- matching control characters is the point
const BAD = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]|[\uD800-\uDFFF]/;

describe('cleanText', () => {
  it('drops NUL, C0 controls other than tab/newline/CR, DEL and lone surrogates', () => {
    expect(cleanText('a\u0000b\u0001c\u001Fd\u007Fe')).toBe('abcde');
    expect(cleanText('tab\there\nline\r\nend')).toBe('tab\there\nline\r\nend');
    expect(cleanText('lone \uD800 high, lone \uDC00 low')).toBe('lone  high, lone  low');
    expect(cleanText('paired \uD83D\uDE00 emoji')).toBe('paired \uD83D\uDE00 emoji');
  });

  it("drops the layout's mark of a broken word, so a word left marked is joined", () => {
    expect(cleanText('conver\uFDD0sion')).toBe('conversion');
  });

  it('is stateless between calls (no regex lastIndex carried over)', () => {
    for (let i = 0; i < 3; i++) expect(cleanText('x\u0000y')).toBe('xy');
  });
});

describe('cleanDocument', () => {
  it('cleans every string of the tree and the metadata, in place', () => {
    const document: IntermediateDocument = {
      pages: 1,
      metadata: { title: 'Ti\u0000tle' },
      blocks: [
        { type: 'heading', level: 1, content: [{ type: 'text', text: 'H\u0000' }] },
        {
          type: 'list',
          ordered: false,
          items: [
            {
              blocks: [{ type: 'paragraph', content: [{ type: 'link', href: 'a\u0001b', content: [{ type: 'text', text: 'l\u0002' }] }] }],
            },
          ],
        },
        { type: 'table', header: [[{ type: 'text', text: 'c\u0000' }]], rows: [[[{ type: 'inlineCode', text: 'd\u0000' }]]] },
        { type: 'code', language: 'j\u0000s', text: 'x\u0000' },
      ],
    };
    cleanDocument(document);
    expect(JSON.stringify(document)).not.toMatch(/\\u000|\\u001|\\u007f/i);
    expect(document.metadata.title).toBe('Title');
  });
});

describe('convertDocument', () => {
  it.each([
    ['text/plain', 'notes.txt', 'before\u0000after \u0007bell \uD800 end'],
    ['text/html', 'page.html', '<html><body><h1>Ti\u0000tle</h1><p>para\u0000graph \u001b[0m</p></body></html>'],
    ['text/markdown', 'doc.md', '# He\u0000ading\n\ntext\u0000 here'],
  ])('never puts NUL or other controls into any output (%s)', async (mimeType, fileName, text) => {
    const result = await convertText({
      bytes: Buffer.from(text, 'utf8'),
      contentType: mimeType,
      fileName,
      formats: ['text', 'markdown'],
      maxPages: 10,
    });
    for (const output of Object.values(result.outputs)) expect(output).not.toMatch(BAD);
    expect(JSON.stringify(result.metadata)).not.toMatch(/\\u0000/);
  });
});
