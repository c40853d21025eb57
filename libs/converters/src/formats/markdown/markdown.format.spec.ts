import type { Block } from '../../document';
import { sampleBlocks } from '../../testing/sample-document';
import { markdownFormat } from './markdown.format';

const render = (blocks: Block[]) => markdownFormat.render({ pages: 1, metadata: {}, blocks });

describe('markdown format', () => {
  const markdown = render(sampleBlocks);

  it('writes ATX headings, inline markup and escapes', () => {
    expect(markdown).toMatch(/^# Title\n\nPlain, \*\*bold\*\*, \*italic\*, `code` and a \[link\]\(<docs\/a b\.html>\)\. {2}\nSecond line with \\<angle> & \\\* star\.\n/);
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
