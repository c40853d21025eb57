import { convertText } from '../../testing/convert-text';
import { capNesting } from '../../document/cap-nesting';
import { capHtmlDepth } from './cap-html-depth';
import { htmlToDocument, MAX_ELEMENT_DEPTH } from './html-to-document';

const convert = (source: string, mimeType = 'text/html') =>
  convertText({ bytes: Buffer.from(source), contentType: mimeType, formats: ['markdown', 'text'], maxPages: 1 });

/** Deepest element nesting of a parsed page, measured without recursion. */
function elementDepth(html: string): number {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- as html-to-document.ts loads it
  const { parse } = require('node-html-parser') as typeof import('node-html-parser');
  const root = parse(html, { comment: false, blockTextElements: { script: true, style: true, noscript: true } });
  let max = 0;
  const stack = [{ node: root, depth: 0 }];
  while (stack.length > 0) {
    const { node, depth } = stack.pop()!;
    max = Math.max(max, depth);
    for (const child of node.childNodes) if (child.nodeType === 1) stack.push({ node: child as typeof root, depth: depth + 1 });
  }
  return max;
}

describe('HTML nested deeper than any real page', () => {
  it('converts 100,000 nested <div>s, closed or not, keeping the text', async () => {
    for (const html of [
      '<html><body>' + '<div>'.repeat(100_000) + 'deep text' + '</div>'.repeat(100_000) + '</body></html>',
      '<div>a'.repeat(100_000),
    ]) {
      // How long it takes is bench material, not a test's: the test's limit catches a hang.
      const result = await convert(html);
      expect(result.outputs['text']).toMatch(/deep text|a\na\na/);
    }
  }, 60_000);

  it('converts a list nested 20,000 deep: the outer levels stay a list, the rest is flattened into it', async () => {
    const html = '<ul><li>item'.repeat(20_000) + '</li></ul>'.repeat(20_000);
    const { outputs } = await convert(html);
    expect(outputs['markdown'].startsWith('- item\n  - item\n')).toBe(true);
    expect(outputs['text'].match(/item/g)).toHaveLength(20_000);
  }, 60_000);

  it('converts inline markup nested 100,000 deep', async () => {
    const { outputs } = await convert('<p>' + '<b><i>'.repeat(50_000) + 'bold' + '</i></b>'.repeat(50_000) + '</p>');
    expect(outputs['text']).toBe('bold\n');
  }, 60_000);

  it('caps the parsed depth whatever the markup (unclosed, implicitly closed, mismatched)', () => {
    const pages = [
      '<div>'.repeat(1000),
      '<div><span>'.repeat(1000) + '</div>'.repeat(1000),
      '<ul><li><p>x'.repeat(1000),
      '<table><tr><td>'.repeat(500),
      '<DIV><div>'.repeat(500) + '</div>'.repeat(300),
    ];
    for (const page of pages) expect(elementDepth(capHtmlDepth(page, MAX_ELEMENT_DEPTH))).toBeLessThanOrEqual(MAX_ELEMENT_DEPTH);
  });

  it('leaves pages within the cap untouched, byte for byte', () => {
    const page =
      '<html><head><script>if (a<b) x("</div>")</script></head><body><p>one<p>two<ul><li>a<li>b</ul><br/><img src=x/></body></html>';
    expect(capHtmlDepth(page, MAX_ELEMENT_DEPTH)).toBe(page);
    const deepButLegal = '<div>'.repeat(MAX_ELEMENT_DEPTH) + 'x' + '</div>'.repeat(MAX_ELEMENT_DEPTH);
    expect(capHtmlDepth(deepButLegal, MAX_ELEMENT_DEPTH)).toBe(deepButLegal);
  });

  it('keeps what follows a flattened part in its place', () => {
    const html = '<body>' + '<div>'.repeat(200) + 'inside' + '</div>'.repeat(200) + '<h2>After</h2><p>tail</p></body>';
    const { blocks } = htmlToDocument(html);
    expect(blocks.map((block) => block.type)).toEqual(['paragraph', 'heading', 'paragraph']);
  });

  it('keeps the document tree within 64 list levels after capNesting', () => {
    const { blocks } = htmlToDocument('<ul><li>x'.repeat(1000));
    let depth = 0;
    let level = capNesting({ pages: 1, metadata: {}, blocks }).blocks;
    while (level[0]?.type === 'list') {
      depth++;
      level = level[0].items[0].blocks.filter((block) => block.type === 'list');
    }
    expect(depth).toBeLessThanOrEqual(64);
  });
});

describe('HTML lists with content outside their items', () => {
  it('keeps a sub-list written directly in the list with the item before it, and loose text as an item', async () => {
    const { outputs } = await convert('<ul>loose<li>one</li><ul><li>nested</li></ul><li>two</li></ul>');
    expect(outputs['markdown']).toBe('- loose\n- one\n  - nested\n- two\n');
  });
});
