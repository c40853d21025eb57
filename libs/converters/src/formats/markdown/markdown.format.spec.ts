import type { Block } from '../../document';
import { sampleBlocks } from '../../testing/sample-document';
import { render as renderMarkdownFormat } from './markdown.format';
import { renderOptions } from '../../testing/render-options';

const render = (blocks: Block[]) => renderMarkdownFormat({ pages: 1, metadata: {}, blocks }, renderOptions());

describe('markdown format', () => {
  const markdown = render(sampleBlocks);

  it('writes ATX headings, inline markup and escapes', () => {
    expect(markdown).toMatch(
      /^# Title\n\nPlain, \*\*bold\*\*, \*italic\*, `code` and a \[link\]\(<docs\/a b\.html>\)\. {2}\nSecond line with \\<angle> & \\\* star\.\n/,
    );
    expect(markdown).toMatch(/^## Section$/m);
    expect(markdown).toMatch(/^### End\n$/m);
  });

  it('writes tight "-" and "1." lists with nesting indented to the text', () => {
    expect(markdown).toContain('- item\n- parent\n  3. child\n\n1. first\n2. second');
  });

  it('writes GFM pipe tables with escaped pipes', () => {
    expect(markdown).toContain('| a | b |\n| --- | --- |\n| x \\| y | `z\\|w` |');
  });

  it('fences code with its language, longer than any fence inside', () => {
    expect(markdown).toContain('````ts\nconst a = 1;\n```nested fence```\n````');
  });

  it('writes quotes and rules', () => {
    expect(markdown).toContain('> Quoted.\n\n---\n\n### End');
  });

  it('promotes the first row of a header-less table to the header', () => {
    const table: Block = { type: 'table', rows: [[[{ type: 'text', text: 'r1' }]], [[{ type: 'text', text: 'r2' }]]] };
    expect(render([table])).toBe('| r1 |\n| --- |\n| r2 |\n');
  });

  it('renders no blocks as an empty string', () => {
    expect(render([])).toBe('');
  });
});

describe('markdown: TeX math from equations', () => {
  const paragraph = (text: string): Block[] => [{ type: 'paragraph', content: [{ type: 'text', text }] }];

  it('leaves $…$ and $$…$$ unescaped, and escapes the text around them', () => {
    expect(render(paragraph('Mean $\\bar{x}_{i} = \\frac{a+b}{2}$ of *all*'))).toBe('Mean $\\bar{x}_{i} = \\frac{a+b}{2}$ of \\*all\\*\n');
    expect(render(paragraph('$$\\sum_{i=1}^{n} x_i$$'))).toBe('$$\\sum_{i=1}^{n} x_i$$\n');
  });

  it('does not take prices for math', () => {
    expect(render(paragraph('From $5 and $10 to $6_a'))).toBe('From $5 and $10 to $6\\_a\n');
  });
});
