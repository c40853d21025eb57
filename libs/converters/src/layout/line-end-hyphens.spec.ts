import type { Block } from '../document';
import { BROKEN_WORD } from './characters';
import { resolveLineEndHyphens } from './line-end-hyphens';

const paragraph = (text: string): Block => ({ type: 'paragraph', content: [{ type: 'text', text }] });
const texts = (blocks: Block[]) =>
  blocks.map((block) => (block.type === 'paragraph' ? block.content.map((n) => ('text' in n ? n.text : '')).join('') : ''));

describe('resolveLineEndHyphens', () => {
  it('puts the hyphen back where the document writes the word with one elsewhere, and never without', () => {
    const blocks = [paragraph(`A drop-in for public${BROKEN_WORD}domain code.`), paragraph('The public-domain source.')];
    expect(texts(resolveLineEndHyphens(blocks))[0]).toBe('A drop-in for public-domain code.');
  });

  it('joins the word where the document writes it whole, or nowhere else', () => {
    const both = [paragraph(`A conver${BROKEN_WORD}sion.`), paragraph('Conversion, and conver-sion quoted.')];
    expect(texts(resolveLineEndHyphens(both))[0]).toBe('A conversion.');
    expect(texts(resolveLineEndHyphens([paragraph(`A conver${BROKEN_WORD}sion.`)]))).toEqual(['A conversion.']);
  });

  it('reads the words of table cells too, and resolves theirs', () => {
    const table: Block = {
      type: 'table',
      header: [[{ type: 'text', text: 'on-site' }]],
      rows: [[[{ type: 'text', text: `on${BROKEN_WORD}site visits` }]]],
    };
    const [resolved] = resolveLineEndHyphens([table]);
    expect(resolved.type === 'table' && resolved.rows[0][0][0]).toEqual({ type: 'text', text: 'on-site visits' });
  });
});
