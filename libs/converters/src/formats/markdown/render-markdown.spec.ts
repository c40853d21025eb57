import type { Block, Inline } from '../../document';
import { sampleBlocks } from '../../testing/sample-document';
import { renderMarkdown } from './render-markdown';

const text = (value: string): Inline[] => [{ type: 'text', text: value }];
const paragraph = (value: string): Block => ({ type: 'paragraph', content: text(value) });

/**
 * Long documents go through turndown in chunks; the bytes must be those of one pass.
 * Chunks of one block cut at every place a chunk may end, around whitespace that
 * turndown keeps inside a document but trims at its edges.
 */
describe('renderMarkdown in chunks', () => {
  const edges: Block[] = [
    paragraph('\u00a0starts with a no-break space'),
    { type: 'code', text: 'first();' },
    paragraph('\u00a0after code, ends with one\u00a0'),
    { type: 'code', text: ' \n ' },
    paragraph('after a blank code block\u00a0'),
    { type: 'table', rows: [] },
    paragraph('after a table without rows'),
    { type: 'table', header: [text('a'), text('b')], rows: [[text('1'), [{ type: 'strong', content: text('2') }]]] },
    { type: 'rule' },
    { type: 'heading', level: 2, content: text('Heading\u00a0') },
    { type: 'list', ordered: false, items: [{ blocks: [paragraph('item\u00a0')] }] },
    { type: 'code', text: 'last();' },
  ];

  it.each([
    ['the sample document', sampleBlocks],
    ['blocks with whitespace at their edges', edges],
    ['the same twice over', [...edges, ...sampleBlocks, ...edges]],
  ])('gives the bytes of one pass for %s', (_, blocks) => {
    const whole = renderMarkdown(blocks, { chunkBlocks: Infinity });
    expect(whole).not.toBe('');
    for (const size of [1, 2, 3]) expect(renderMarkdown(blocks, { chunkBlocks: size })).toBe(whole);
  });

  it('trims the edges of the document, not those of each chunk', () => {
    const markdown = renderMarkdown(edges, { chunkBlocks: 1 });
    expect(markdown.startsWith('starts with a no-break space\n\n```\nfirst();\n```\n\n\u00a0after code, ends with one\u00a0\n\n')).toBe(
      true,
    );
    expect(markdown.endsWith('```\nlast();\n```\n')).toBe(true);
  });
});
