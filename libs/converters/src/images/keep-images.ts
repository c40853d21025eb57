import type { DocumentImage } from '@docformat/contracts';
import type { Block, Image, IntermediateDocument } from '../document';
import type { ImageLimits } from './image-limits';

/** A picture a job keeps: its bytes, stored beside the tree (job_images) and served at GET /job/{id}/images/{n}. */
export type KeptImage = DocumentImage;

/**
 * image-size's names of the formats a browser shows, by media type. Others (TIFF, EMF,
 * WMF, PSD…) stay placeholders: a link to a picture nobody can show helps no one. SVG
 * too: it is a document that may run script, not a picture.
 */
const MEDIA_TYPES: Readonly<Record<string, string>> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  bmp: 'image/bmp',
};

/**
 * Numbers the pictures worth keeping, in reading order, and takes every picture's bytes
 * out of the tree: a kept one gets `n`, `mediaType`, `width` and `height`, the others
 * (too small, too large, over the job's cap, of a format browsers do not show) stay
 * placeholders. Runs once per conversion, before rendering, so every format and the
 * stored tree see the same numbers.
 */
export function keepImages(document: IntermediateDocument, limits: ImageLimits): KeptImage[] {
  const kept: KeptImage[] = [];
  let total = 0;
  forEachImage(document.blocks, (image, page) => {
    const bytes = image.bytes;
    delete image.bytes;
    if (!bytes || bytes.byteLength > limits.maxBytes || total + bytes.byteLength > limits.maxJobBytes) return;
    const size = pictureSize(bytes);
    if (!size || size.width < limits.minSide || size.height < limits.minSide) return;
    total += bytes.byteLength;
    const n = kept.length + 1;
    Object.assign(image, { n, mediaType: size.mediaType, width: size.width, height: size.height });
    kept.push({ n, mediaType: size.mediaType, width: size.width, height: size.height, ...(page ? { page } : {}), bytes });
  });
  return kept;
}

function pictureSize(bytes: Uint8Array): { mediaType: string; width: number; height: number } | undefined {
  try {
    const { type, width, height } = imageSizeModule().imageSize(bytes);
    const mediaType = type ? MEDIA_TYPES[type] : undefined;
    return mediaType && width && height ? { mediaType, width, height } : undefined;
  } catch {
    return undefined; // not a picture image-size knows, or a truncated one
  }
}

/** Every image block in reading order, with the page it is on (a block without one is on the page before it). */
export function forEachImage(blocks: readonly Block[], visit: (image: Image, page: number | undefined) => void): void {
  let page: number | undefined;
  const walk = (list: readonly Block[]) => {
    for (const block of list) {
      if (block.page !== undefined) page = block.page;
      if (block.type === 'image') visit(block, page);
      else if (block.type === 'list') for (const item of block.items) walk(item.blocks);
      else if (block.type === 'quote') walk(block.blocks);
    }
  };
  walk(blocks);
}

/**
 * image-size on first use: importing the package (as the API does, for names and
 * contracts) loads no image decoder; only a conversion that keeps pictures does.
 */
function imageSizeModule(): typeof import('image-size') {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a lazy require, by design (see above)
  return require('image-size') as typeof import('image-size');
}
