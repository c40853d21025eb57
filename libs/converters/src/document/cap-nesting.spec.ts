import type { Block, Inline, IntermediateDocument } from './intermediate-document';
import { capInline, capNesting, MAX_NESTING_DEPTH } from './cap-nesting';
import { renderText } from '../formats/text/render-text';
import { renderMarkdown } from '../formats/markdown/render-markdown';

const paragraph = (text: string): Block => ({ type: 'paragraph', content: [{ type: 'text', text }] });

/** A list nested `depth` levels deep, item n holding "item n" and the next list (built without recursion). */
function nestedList(depth: number): Block {
  let inner: Block | undefined;
  for (let level = depth; level >= 1; level--) {
    inner = {
      type: 'list',
      ordered: false,
      items: [{ blocks: inner ? [paragraph(`item ${level}`), inner] : [paragraph(`item ${level}`)] }],
    };
  }
  return inner!;
}

function nestedStrong(depth: number): Inline[] {
  let content: Inline[] = [{ type: 'text', text: 'deep' }];
  for (let level = 0; level < depth; level++) content = [{ type: level % 2 ? 'strong' : 'emphasis', content }];
  return content;
}

/** Deepest list/quote nesting, measured without recursion. */
function blockDepth(blocks: Block[]): number {
  let max = 0;
  const stack: Array<{ blocks: Block[]; depth: number }> = [{ blocks, depth: 0 }];
  while (stack.length > 0) {
    const { blocks: current, depth } = stack.pop()!;
    max = Math.max(max, depth);
    for (const block of current) {
      if (block.type === 'list') for (const item of block.items) stack.push({ blocks: item.blocks, depth: depth + 1 });
      if (block.type === 'quote') stack.push({ blocks: block.blocks, depth: depth + 1 });
    }
  }
  return max;
}

function inlineDepth(content: Inline[]): number {
  let max = 0;
  const stack = content.map((node) => ({ node, depth: 1 }));
  while (stack.length > 0) {
    const { node, depth } = stack.pop()!;
    if (node.type === 'strong' || node.type === 'emphasis' || node.type === 'link') {
      max = Math.max(max, depth);
      for (const child of node.content) stack.push({ node: child, depth: depth + 1 });
    }
  }
  return max;
}

const doc = (blocks: Block[]): IntermediateDocument => ({ pages: 1, metadata: {}, blocks });

describe('capNesting', () => {
  it('leaves documents within the cap as they are', () => {
    const document = doc([paragraph('a'), nestedList(3), { type: 'quote', blocks: [paragraph('q')] }]);
    const before = JSON.stringify(document);
    expect(JSON.stringify(capNesting(document))).toBe(before);
  });

  it('flattens a list 20,000 levels deep to 64, keeping every item in order, and both formats render it', () => {
    const document = capNesting(doc([nestedList(20_000)]));
    expect(blockDepth(document.blocks)).toBe(MAX_NESTING_DEPTH);
    const text = renderText(document.blocks);
    expect(text).toContain('item 1\n');
    expect(text).toContain('item 20000');
    expect(text.indexOf('item 64\n')).toBeLessThan(text.indexOf('item 65\n'));
    expect(text.indexOf('item 19999\n')).toBeLessThan(text.indexOf('item 20000'));
    expect(renderMarkdown(document.blocks)).toContain('item 20000');
  });

  it('flattens quotes nested 100,000 deep', () => {
    let block: Block = paragraph('innermost');
    for (let i = 0; i < 100_000; i++) block = { type: 'quote', blocks: [block] };
    const document = capNesting(doc([block]));
    expect(blockDepth(document.blocks)).toBe(MAX_NESTING_DEPTH);
    expect(renderText(document.blocks)).toContain('innermost');
  });

  it('caps inline wrappers in paragraphs, headings and table cells, keeping the text', () => {
    const deep = nestedStrong(50_000);
    const document = capNesting(
      doc([
        { type: 'paragraph', content: deep },
        { type: 'heading', level: 2, content: deep },
        { type: 'table', header: [deep], rows: [[deep]] },
      ]),
    );
    for (const block of document.blocks) {
      const contents =
        block.type === 'table'
          ? [block.header!, ...block.rows].flat()
          : block.type === 'paragraph' || block.type === 'heading'
            ? [block.content]
            : [];
      for (const content of contents) expect(inlineDepth(content)).toBe(MAX_NESTING_DEPTH);
    }
    expect(renderMarkdown(document.blocks)).toContain('deep');
    expect(renderText(document.blocks)).toContain('deep');
  });

  it('capInline keeps shallow content as written', () => {
    const content: Inline[] = [
      { type: 'link', href: 'x', content: [{ type: 'strong', content: [{ type: 'text', text: 'a' }] }] },
      { type: 'break' },
    ];
    expect(capInline(content)).toEqual(content);
  });
});
