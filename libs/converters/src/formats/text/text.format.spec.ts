import { sampleBlocks } from '../../testing/sample-document';
import { render as renderTextFormat } from './text.format';
import { renderOptions } from '../../testing/render-options';

describe('text format', () => {
  const text = renderTextFormat({ pages: 1, metadata: {}, blocks: sampleBlocks }, renderOptions());

  it('writes the words without markup, blocks separated by blank lines', () => {
    expect(text.startsWith('Title\n\nPlain, bold, italic, code and a link.\nSecond line with <angle> & * star.\n\nSection\n\n')).toBe(true);
    expect(text.replace(/const a = 1;\n```nested fence```/, '')).not.toMatch(/[#`[\]]|\*\*/);
    expect(text.endsWith('\n\nEnd\n')).toBe(true);
  });

  it('keeps short list markers, nested items indented', () => {
    expect(text).toContain('- item\n- parent\n  3. child\n\n1. first\n2. second');
  });

  it('writes table rows as tab-separated lines, header first', () => {
    expect(text).toContain('a\tb\nx | y\tz|w');
  });

  it('keeps code as is and indents quotes', () => {
    expect(text).toContain('const a = 1;\n```nested fence```\n\n    Quoted.\n\nEnd');
  });
});
