import type { Block } from '../../document';
import type { PdfFigure } from './page-figures';
import { placeFigures } from './place-figures';

const paragraph = (text: string, page: number | undefined, top: number): Block => ({
  type: 'paragraph',
  content: [{ type: 'text', text }],
  ...(page !== undefined ? { page } : {}),
  bbox: [72, top, 500, top + 12],
});
const figure = (page: number, top: number): PdfFigure => ({ page, bbox: [72, top, 300, top + 100], bytes: new Uint8Array([page, top]) });
const order = (blocks: Block[]) =>
  blocks.map((block) => (block.type === 'image' ? `image ${block.page}:${block.bbox?.[1]} "${block.alt}"` : `text ${block.page ?? '-'}`));

describe('placeFigures', () => {
  it('puts each picture before the first block of its page below its top, a page of pictures only where the page would be', () => {
    const blocks = [paragraph('Intro', 1, 50), paragraph('Below', undefined, 300), paragraph('Next page', 3, 60)];
    expect(order(placeFigures(blocks, [figure(1, 100), figure(2, 80), figure(3, 400)]))).toEqual([
      'text 1',
      'image 1:100 ""',
      'text -',
      'image 2:80 ""',
      'text 3',
      'image 3:400 ""',
    ]);
  });

  it('takes a caption that follows the picture as its alt text, and leaves the caption in the text', () => {
    const blocks = [paragraph('Figure 3: The weir at dawn.', 1, 220), paragraph('Fig. no caption here', 1, 400)];
    const placed = placeFigures(blocks, [figure(1, 100)]);
    expect(order(placed)).toEqual(['image 1:100 "Figure 3: The weir at dawn."', 'text 1', 'text 1']);
    expect(order(placeFigures([paragraph('A figure of speech', 1, 220)], [figure(1, 100)]))[0]).toBe('image 1:100 ""');
  });
});
