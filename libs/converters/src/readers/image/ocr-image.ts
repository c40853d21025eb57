import { selectedPages } from '@docformat/contracts';
import type { ConversionOptions } from '../../conversion-options';
import type { Block, OcrPage } from '../../document';
import { assertPageLimit } from '../page-limit';
import { layoutPages } from '../pdf/page-layout';
import type { PdfPageText } from '../pdf/pdf-page-text';
import { snapOcrSizes } from '../../ocr/snap-sizes';

export interface OcrImageResult {
  /** Frames in the file (TIFF pages; 1 otherwise). */
  frames: number;
  blocks: Block[];
  ocr: OcrPage[];
}

/**
 * An image's frames → OCR → the PDF layout analysis, so that a scan comes out as
 * headings, paragraphs, lists and tables rather than a heap of words. Only the
 * selected frames are decoded, one at a time per OCR lane.
 */
export async function ocrImage(bytes: Buffer, format: string, options: ConversionOptions, maxPages: number): Promise<OcrImageResult> {
  // The OCR modules (tesseract.js, canvas, utif2 behind them) load on the first OCR'd image only.
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded lazily, see reader.ts
  const { ASSUMED_DPI, decodeImage } = require('../../ocr/decode-image') as typeof import('../../ocr/decode-image');
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded lazily, see reader.ts
  const { recognizePages } = require('../../ocr/ocr-engine') as typeof import('../../ocr/ocr-engine');
  const frames = await decodeImage(bytes, format);
  const pages = selectedPages(options.pages, frames.count);
  assertPageLimit(pages.length, maxPages);
  const results = await recognizePages(
    pages.map((page) => () => frames.frame(page - 1)), // each frame carries its own resolution
    { languages: options.languages, pointsPerPixel: 72 / ASSUMED_DPI, parallelism: options.ocrParallelism, engines: options.ocrEngines },
  );
  const texts: PdfPageText[] = results.map((result, index) => ({
    page: pages[index],
    width: result.width,
    height: result.height,
    items: result.items,
    rules: [],
  }));
  snapOcrSizes(texts);
  const blocks = texts.some((page) => page.items.length > 0) ? layoutPages(texts) : [];
  return { frames: frames.count, blocks, ocr: results.map((result, index) => ({ page: pages[index], confidence: Math.round(result.confidence) })) };
}
