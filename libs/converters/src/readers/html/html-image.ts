import type { HTMLElement } from 'node-html-parser';
import type { Block, Image } from '../../document';
import { collapseWhitespace, isElement, isText, tagOf } from './html-dom';

/**
 * Where a reader finds a picture's bytes by its `src` as written: the HTML reader
 * decodes `data:` sources only (a page's other images are never fetched), EPUB and DOCX
 * look them up in their package. Undefined: no bytes for it.
 */
export type ImageFiles = (src: string) => Uint8Array | undefined;

/** Each image block's `src` as written, until attachImages has looked it up. */
const sources = new WeakMap<Image, string>();

/** Longer sources are not worth repeating (inline data, signed URLs). */
const MAX_SRC_LENGTH = 2048;

/**
 * A picture as an image block: its alt text, and its source as written when that is a
 * plain reference. An image without a description (no alt, or alt="" which marks it
 * decorative) is left out by attachImages unless it has bytes, as a screen reader
 * leaves it out. `data:` sources are never repeated.
 */
export function imageBlock(image: HTMLElement): Image[] {
  const alt = collapseWhitespace(image.getAttribute('alt') ?? image.getAttribute('title') ?? '').trim();
  if (image.getAttribute('aria-hidden') === 'true' || image.hasAttribute('hidden')) return [];
  const src = image.getAttribute('src')?.trim();
  // A reference as written, relative or on the web; no data:, javascript: or a reader's own (docx-picture:) source.
  const kept = src && src.length <= MAX_SRC_LENGTH && (!/^[a-z][a-z0-9+.-]*:/i.test(src) || /^https?:/i.test(src)) ? src : undefined;
  const block: Image = { type: 'image', alt, ...(kept ? { src: kept } : {}) };
  if (src) sources.set(block, src);
  return [block];
}

/**
 * Gives image blocks their bytes where `files` has them (ConversionOptions.readImages),
 * and leaves out the nameless pictures without bytes (imageBlock keeps them until
 * now): with none to show, a nameless picture says nothing in a text output.
 */
export function attachImages(blocks: Block[], files: ImageFiles | undefined): Block[] {
  return blocks.flatMap((block): Block[] => {
    if (block.type === 'image') {
      const src = sources.get(block);
      const bytes = src !== undefined && files ? files(src) : undefined;
      if (bytes) block.bytes = bytes;
      return bytes || block.alt !== '' ? [block] : [];
    }
    if (block.type === 'list') return [{ ...block, items: block.items.map((item) => ({ blocks: attachImages(item.blocks, files) })) }];
    if (block.type === 'quote') return [{ ...block, blocks: attachImages(block.blocks, files) }];
    return [block];
  });
}

/** A `data:` source's bytes (base64 or percent-encoded), the only pictures an HTML page gives without a fetch. */
export function dataUriBytes(src: string): Uint8Array | undefined {
  const match = /^data:([^,]*?)(;base64)?,(.*)$/is.exec(src);
  if (!match || !/^image\//i.test(match[1])) return undefined;
  try {
    return match[2] ? Buffer.from(match[3], 'base64') : Buffer.from(decodeURIComponent(match[3]), 'latin1');
  } catch {
    return undefined; // a malformed percent escape
  }
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
