import { type Block, type Image, inlineText } from '../../document';
import type { PdfFigure } from './page-figures';

/**
 * The pictures of a PDF among its blocks, in reading order: each before the first block
 * of its page that starts below its top, else after its page's last block (or where its
 * page would be, for a page of pictures only). A picture has no description of its own
 * in a PDF: its alt text is the caption that follows it ("Figure 3: …"), which stays in
 * the text as well, else empty.
 */
export function placeFigures(blocks: Block[], figures: readonly PdfFigure[]): Block[] {
  if (figures.length === 0) return blocks;
  const out: Block[] = [];
  let page = 0;
  let next = 0;
  const image = (figure: PdfFigure): Image => ({ type: 'image', alt: '', bytes: figure.bytes, page: figure.page, bbox: figure.bbox });
  for (const block of blocks) {
    page = block.page ?? page;
    const top = block.bbox?.[1] ?? Number.NEGATIVE_INFINITY;
    while (next < figures.length && (figures[next].page < page || (figures[next].page === page && figures[next].bbox[1] <= top))) {
      out.push(image(figures[next++]));
    }
    out.push(block);
  }
  while (next < figures.length) out.push(image(figures[next++]));
  out.forEach((block, index) => {
    const after = out[index + 1];
    if (block.type !== 'image' || block.alt !== '' || after?.type !== 'paragraph') return;
    const caption = inlineText(after.content).replace(/\s+/g, ' ').trim();
    if (CAPTION.test(caption)) block.alt = caption;
  });
  return out;
}

/** How captions start: "Figure 2", "Fig. 2", "Abbildung 2", "Illustration 2"… */
const CAPTION = /^(?:fig(?:ure|\.)?|abbildung|abb\.|illustration|image|photo|chart|plate)\s*[\dIVX]+\b/i;
