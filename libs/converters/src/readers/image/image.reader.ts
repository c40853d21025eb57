import { JobFailure, selectedPages } from '@docformat/contracts';
import type { Block, Inline, IntermediateDocument } from '../../document';
import type { ReadContext, ReaderInput } from '../reader';
import { embeddedMetadata } from './embedded-metadata';
import { ocrImage } from './ocr-image';
import { imageSize } from 'image-size';

/** image-size's type names as people say them. */
const FORMAT_NAMES: Record<string, string> = { jpg: 'JPEG', png: 'PNG', gif: 'GIF', webp: 'WebP', tiff: 'TIFF', bmp: 'BMP' };

/**
 * Images are read with OCR (`ocr` auto or force): every frame (TIFF pages) becomes a
 * page of positioned words for the layout analysis (layout/). With OCR off the output is a
 * short description (dimensions, format, embedded title/author/date), so an image
 * in a batch or an archive still converts. image-size reads headers only.
 */
export async function read(input: ReaderInput, context: ReadContext): Promise<IntermediateDocument> {
  const { options } = context;
  let size: { width?: number; height?: number; type?: string };
  try {
    size = imageSize(input.bytes);
  } catch (error) {
    throw new JobFailure('CORRUPT_DOCUMENT', 'The image is damaged or not in the format it claims to be.', false, { cause: error });
  }
  const format = size.type ?? '';
  if (!FORMAT_NAMES[format] || !size.width || !size.height) {
    throw new JobFailure('UNSUPPORTED_DOCUMENT_TYPE', `Images of type ${format || 'unknown'} are not supported.`);
  }
  const metadata = embeddedMetadata(input.bytes, format);
  if (options.ocr !== 'off') {
    const { frames, blocks, ocr } = await ocrImage(input.bytes, format, context);
    const pages = selectedPages(options.pages, frames);
    return {
      pages: frames,
      metadata,
      blocks,
      ...(pages.length < frames ? { pagesConverted: pages } : {}),
      ocr,
    };
  }
  return { pages: 1, metadata, blocks: [describe(size.width, size.height, format, metadata)] };
}

function describe(width: number, height: number, format: string, metadata: IntermediateDocument['metadata']): Block {
  const lines = [
    `Image: ${width}×${height} ${FORMAT_NAMES[format]}`,
    ...(metadata.title ? [`Title: ${metadata.title}`] : []),
    ...(metadata.author ? [`Author: ${metadata.author}`] : []),
    ...(metadata.createdAt ? [`Created: ${metadata.createdAt}`] : []),
  ];
  const content = lines.flatMap((line, index): Inline[] => [
    ...(index > 0 ? [{ type: 'break' } as const] : []),
    { type: 'text', text: line },
  ]);
  return { type: 'paragraph', content };
}
