import type { HTMLElement } from 'node-html-parser';
import type { Image } from '../../document';
import { collapseWhitespace, isElement, isText, tagOf } from './html-dom';

/** Longer sources are not worth repeating (inline data, signed URLs). */
const MAX_SRC_LENGTH = 2048;

/**
 * A picture as an image block: its alt text, and its source as written when that is a
 * plain reference. An image without a description (no alt, or alt="" which marks it
 * decorative) is left out, as a screen reader leaves it out: outputs are text, and a
 * nameless picture says nothing in them. `data:` sources are never repeated.
 */
export function imageBlock(image: HTMLElement): Image[] {
  const alt = collapseWhitespace(image.getAttribute('alt') ?? image.getAttribute('title') ?? '').trim();
  if (alt === '' || image.getAttribute('aria-hidden') === 'true' || image.hasAttribute('hidden')) return [];
  const src = image.getAttribute('src')?.trim();
  const kept = src && src.length <= MAX_SRC_LENGTH && !/^(?:data|javascript):/i.test(src) ? src : undefined;
  return [{ type: 'image', alt, ...(kept ? { src: kept } : {}) }];
}

/** The <img> of a <picture> (its <source>s are other encodings of the same picture). */
export function pictureImage(picture: HTMLElement): HTMLElement | undefined {
  return picture.childNodes.filter(isElement).find((child) => tagOf(child) === 'img');
}

/**
 * The pictures of a paragraph that holds nothing else (line breaks and whitespace
 * aside): such a paragraph is a picture set on its own, so it becomes image blocks.
 * Undefined when the paragraph has text or other content, whose images stay dropped.
 */
export function onlyImages(paragraph: HTMLElement): HTMLElement[] | undefined {
  const images: HTMLElement[] = [];
  for (const node of paragraph.childNodes) {
    if (isText(node)) {
      if (node.text.trim() !== '') return undefined;
      continue;
    }
    if (!isElement(node)) continue;
    const tag = tagOf(node);
    if (tag === 'br') continue;
    const image = tag === 'img' ? node : tag === 'picture' ? pictureImage(node) : undefined;
    if (!image) return undefined;
    images.push(image);
  }
  return images.length > 0 ? images : undefined;
}
