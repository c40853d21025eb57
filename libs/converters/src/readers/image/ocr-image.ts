import { selectedPages } from '@docformat/contracts';
import type { Block, OcrPage } from '../../document';
import { layoutPages } from '../../layout/page-layout';
import type { PageText } from '../../layout/page-text';
import type { ReadContext } from '../reader';
import { snapOcrSizes } from '../../ocr/snap-sizes';

export interface OcrImageResult {
  /** Frames in the file (TIFF pages; 1 otherwise). */
  frames: number;
  blocks: Block[];
  ocr: OcrPage[];
}

/**
 * An image's frames → OCR → the layout analysis (layout/), so that a scan comes out as
 * headings, paragraphs, lists and tables rather than a heap of words. Only the
 * selected frames are decoded, one at a time per OCR lane.
 */
export async function ocrImage(bytes: Buffer, format: string, context: ReadContext): Promise<OcrImageResult> {
  const { options } = context;
  // The OCR modules (tesseract.js, canvas, utif2 behind them) load on the first OCR'd image only.
  const [{ ASSUMED_DPI, decodeImage }, { recognizePages }] = await Promise.all([
    import('../../ocr/decode-image.ts'),
    import('../../ocr/ocr-engine.ts'),
  ]);
  const frames = await decodeImage(bytes, format, options.maxImagePixels);
  const pages = selectedPages(options.pages, frames.count);
  context.checkPages(pages.length);
  const results = await recognizePages(
    pages.map((page) => () => frames.frame(page - 1)), // each frame carries its own resolution
    { languages: options.languages, pointsPerPixel: 72 / ASSUMED_DPI, parallelism: options.ocrParallelism, engines: options.ocrEngines },
  );
  const texts: PageText[] = results.map((result, index) => ({
    page: pages[index],
    width: result.width,
    height: result.height,
    items: result.items,
    rules: [],
  }));
  snapOcrSizes(texts);
  const blocks = texts.some((page) => page.items.length > 0) ? layoutPages(texts) : [];
  return {
    frames: frames.count,
    blocks,
    ocr: results.map((result, index) => ({ page: pages[index], confidence: Math.round(result.confidence) })),
  };
}
