import type { Block, IntermediateDocument } from '../document';
import { MAX_SEGMENTS, SEGMENT_MAX_CHARS, SEGMENT_MIN_CHARS, textSegments } from './text-sample';

const text = (value: string) => [{ type: 'text' as const, text: value }];
const paragraph = (value: string): Block => ({ type: 'paragraph', content: text(value) });
const documentOf = (blocks: Block[]): IntermediateDocument => ({ pages: 1, metadata: {}, blocks });

describe('textSegments', () => {
  it('joins short blocks into segments of at least SEGMENT_MIN_CHARS, keeping the last shorter one', () => {
    const blocks = Array.from({ length: 10 }, (_, index) => paragraph(`Sentence number ${index} of a short paragraph here.`));
    const segments = textSegments(documentOf(blocks));
    expect(segments.length).toBeGreaterThan(1);
    for (const segment of segments.slice(0, -1)) expect(segment.length).toBeGreaterThanOrEqual(SEGMENT_MIN_CHARS);
    expect(segments.join(' ')).toBe(
      blocks.map((block) => (block.type === 'paragraph' ? (block.content[0] as { text: string }).text : '')).join(' '),
    );
  });

  it('cuts a long paragraph between words into segments of at most SEGMENT_MAX_CHARS', () => {
    const long = Array.from({ length: 600 }, (_, index) => `word${index}`).join(' ');
    const segments = textSegments(documentOf([paragraph(long)]));
    for (const segment of segments) expect(segment.length).toBeLessThanOrEqual(SEGMENT_MAX_CHARS);
    expect(segments.join(' ')).toBe(long);
  });

  it('reads headings, list items, quotes and table cells, and leaves code, inline code and images out', () => {
    const segments = textSegments(
      documentOf([
        { type: 'heading', level: 1, content: text('Titel') },
        { type: 'list', ordered: false, items: [{ blocks: [paragraph('Punkt')] }] },
        { type: 'quote', blocks: [paragraph('Zitat')] },
        { type: 'table', header: [text('Kopf')], rows: [[text('Zelle')]] },
        { type: 'code', text: 'const code = 1;' },
        { type: 'image', alt: 'picture.png' },
        { type: 'paragraph', content: [...text('Satz mit '), { type: 'inlineCode', text: 'ls -l' }, ...text(' darin')] },
      ]),
    );
    expect(segments).toEqual(['Titel Punkt Zitat Kopf Zelle Satz mit darin']);
  });

  it('samples a long document evenly: at most MAX_SEGMENTS, from its start to its end', () => {
    const blocks = Array.from({ length: 5000 }, (_, index) => paragraph(`${'x'.repeat(SEGMENT_MIN_CHARS)} paragraph ${index}`));
    const segments = textSegments(documentOf(blocks));
    expect(segments).toHaveLength(MAX_SEGMENTS);
    const numbers = segments.map((segment) => Number(/paragraph (\d+)$/.exec(segment)?.[1]));
    expect(numbers[0]).toBe(0);
    expect(numbers.at(-1)).toBeGreaterThan(4800);
    const gaps = numbers.slice(1).map((value, index) => value - numbers[index]);
    expect(Math.max(...gaps)).toBeLessThanOrEqual(2 * Math.min(...gaps));
  });

  it('gives nothing for a document without text', () => {
    expect(textSegments(documentOf([{ type: 'rule' }, { type: 'code', text: 'print(1)' }]))).toEqual([]);
  });
});
