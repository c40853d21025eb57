import { JobFailure, selectedPages } from '@docformat/contracts';
import { DEFAULT_CONVERSION_OPTIONS } from '../../conversion-options';
import type { Block, Inline, IntermediateDocument } from '../../document';
import { assertPageLimit } from '../page-limit';
import type { DocumentReader, ReaderInput } from '../reader';
import { embeddedMetadata } from './embedded-metadata';
import { ocrImage } from './ocr-image';

/** image-size's type names as people say them. */
const FORMAT_NAMES: Record<string, string> = { jpg: 'JPEG', png: 'PNG', gif: 'GIF', webp: 'WebP', tiff: 'TIFF', bmp: 'BMP' };

/**
 * Images are read with OCR (`ocr` auto or force): every frame (TIFF pages) becomes a
 * page of positioned words for the PDF layout analysis. With OCR off the output is a
 * short description (dimensions, format, embedded title/author/date), so an image
 * in a batch or an archive still converts. image-size reads headers only.
 */
export const imageReader: DocumentReader = {
  name: 'image',
  accepts: {
    mimeTypes: ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/tiff', 'image/bmp', 'image/x-ms-bmp'],
    extensions: ['png', 'jpg', 'jpeg', 'jpe', 'gif', 'webp', 'tif', 'tiff', 'bmp'],
  },
  async read(input: ReaderInput): Promise<IntermediateDocument> {
    const options = input.options ?? DEFAULT_CONVERSION_OPTIONS;
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded lazily, see reader.ts
    const { imageSize } = require('image-size') as typeof import('image-size');
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
      const { frames, blocks, ocr } = await ocrImage(input.bytes, format, options, input.maxPages);
      const pages = selectedPages(options.pages, frames);
      return {
        pages: frames,
        metadata,
        blocks,
        ...(pages.length < frames ? { pagesConverted: pages } : {}),
        ocr,
      };
    }
    assertPageLimit(1, input.maxPages);
    return { pages: 1, metadata, blocks: [describe(size.width, size.height, format, metadata)] };
  },
};

function describe(width: number, height: number, format: string, metadata: IntermediateDocument['metadata']): Block {
  const lines = [
    `Image: ${width}×${height} ${FORMAT_NAMES[format]}`,
    ...(metadata.title ? [`Title: ${metadata.title}`] : []),
    ...(metadata.author ? [`Author: ${metadata.author}`] : []),
    ...(metadata.createdAt ? [`Created: ${metadata.createdAt}`] : []),
  ];
  const content = lines.flatMap((line, index): Inline[] => [...(index > 0 ? [{ type: 'break' } as const] : []), { type: 'text', text: line }]);
  return { type: 'paragraph', content };
}
