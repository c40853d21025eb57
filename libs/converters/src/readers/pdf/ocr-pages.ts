import { OcrMode } from '@docformat/contracts';
import type { ConversionOptions } from '../../conversion-options';
import type { OcrPage } from '../../document';
import type { ImagePlacement } from './page-images';
import type { OpenPdf } from './pdf-document';
import type { PdfPageText } from './pdf-page-text';
import { tooManyPixels } from '../../ocr/pixel-budget';

/**
 * Render resolution for OCR: a scanned page at its scan's own resolution, within these
 * bounds (above 300 dpi only time grows; below 150 small type breaks up), and pages
 * without a page-sized image (text drawn as outlines, "force" over a text layer) at
 * 200 dpi, where Tesseract read our dense test pages as well as at 300 in less time
 * (the measurements are in ocr/ocr-engine.ts).
 */
export const MIN_OCR_DPI = 150;
export const MAX_OCR_DPI = 300;
export const DEFAULT_OCR_DPI = 200;

export function ocrDpi(page: PdfPageText): number {
  if ((page.imageCoverage ?? 0) < SCAN_IMAGE_COVERAGE || !page.imageDpi) return DEFAULT_OCR_DPI;
  return Math.round(Math.min(MAX_OCR_DPI, Math.max(MIN_OCR_DPI, page.imageDpi)));
}

/**
 * The resolution to draw `page` at for OCR: `dpi`, unless the drawing would have more
 * pixels than `maxPixels` (a page of 5,000 × 5,000 points is 10,417 × 10,417 pixels at
 * 150 dpi, 434 MB of canvas); then the finest that fits, down to MIN_OCR_DPI, below
 * which small type breaks up and the page fails with FILE_TOO_LARGE instead.
 */
export function drawingDpi(page: Pick<PdfPageText, 'page' | 'width' | 'height'>, dpi: number, maxPixels: number): number {
  const pixelsAt = (resolution: number) => Math.ceil((page.width * resolution) / 72) * Math.ceil((page.height * resolution) / 72);
  let fitting = dpi;
  // The largest whole dpi at or under `dpi` that fits; rounding up the sides can cost a step.
  if (pixelsAt(fitting) > maxPixels) fitting = Math.min(dpi, Math.floor(72 * Math.sqrt(maxPixels / (page.width * page.height || 1))));
  while (fitting >= MIN_OCR_DPI && pixelsAt(fitting) > maxPixels) fitting--;
  if (fitting >= MIN_OCR_DPI) return fitting;
  const size = { width: Math.ceil((page.width * MIN_OCR_DPI) / 72), height: Math.ceil((page.height * MIN_OCR_DPI) / 72) };
  throw tooManyPixels(`Page ${page.page}, drawn for OCR at ${MIN_OCR_DPI} dpi,`, size.width * size.height, maxPixels, size);
}

/**
 * The page's image, when OCR can read it as the file stores it (no drawing): a scan with
 * nothing else on the page, no text at all, upright, inside the page and covering
 * almost all of it (img2pdf and scanners centre a scan whose shape is not the page's),
 * with square pixels, at a resolution the page would be drawn at anyway. Otherwise the
 * page is drawn, which also shows whatever lies over or beside the image.
 */
export function storedScan(page: PdfPageText): ImagePlacement | undefined {
  const placed = page.imagePlacement;
  if (!placed || page.items.length > 0) return undefined;
  const inside =
    placed.left >= -PAGE_EDGE_TOLERANCE &&
    placed.top >= -PAGE_EDGE_TOLERANCE &&
    placed.left + placed.width <= page.width + PAGE_EDGE_TOLERANCE &&
    placed.top + placed.height <= page.height + PAGE_EDGE_TOLERANCE;
  if (!inside || placed.width * placed.height < STORED_SCAN_COVERAGE * page.width * page.height) return undefined;
  const across = placed.width / placed.pixelWidth;
  const down = placed.height / placed.pixelHeight;
  if (Math.abs(across - down) > 0.01 * across) return undefined;
  const dpi = 72 / across;
  return dpi >= MIN_OCR_DPI && dpi <= MAX_OCR_DPI ? placed : undefined;
}

/** Points by which a scan's edge may pass the page's (rounding in the producer's matrix). */
const PAGE_EDGE_TOLERANCE = 1;
const STORED_SCAN_COVERAGE = 0.9;

/** A page whose text covers less than this share of it, under a page-sized image, is a scan. */
const SCAN_TEXT_COVERAGE = 0.01;
const SCAN_IMAGE_COVERAGE = 0.5;

/**
 * In "auto" mode, which pages have no usable text layer: none at all (a scan, or
 * text drawn as outlines), or next to nothing (a page number or a stamp) while an
 * image covers most of the page. A scan with an invisible OCR layer already has its
 * text and is read as it is. A page that puts no ink on the paper is read by OCR in
 * no mode: there is nothing to read.
 */
export function needsOcr(page: PdfPageText, mode: OcrMode): boolean {
  if (mode === OcrMode.OFF || page.blank) return false;
  if (mode === OcrMode.FORCE) return true;
  const visible = page.items.filter((item) => item.text.trim() !== '');
  if (visible.length === 0) return true;
  const textArea = visible.reduce((sum, item) => sum + Math.max(0, item.width) * item.size, 0);
  const coverage = textArea / (page.width * page.height || 1);
  return coverage < SCAN_TEXT_COVERAGE && (page.imageCoverage ?? 0) >= SCAN_IMAGE_COVERAGE;
}

/**
 * Replaces the text of pages that need OCR with OCR'd words, in page points, so that
 * they go through the same layout analysis as a text layer. Pages are rendered
 * lazily, one per free OCR engine, so at most `ocrParallelism` page images are held.
 * The words' sizes are as estimated: they are snapped over all OCR'd pages of the
 * document at once (layoutPdfPages), which a part of a split conversion cannot see.
 */
export async function ocrPdfPages(
  pdf: OpenPdf,
  texts: PdfPageText[],
  options: ConversionOptions,
): Promise<{ pages: PdfPageText[]; ocr: OcrPage[] }> {
  const targets = texts.filter((page) => needsOcr(page, options.ocr));
  if (targets.length === 0) return { pages: texts, ocr: [] };
  // tesseract.js loads only when a page needs OCR.
  const { recognizePages } = await import('../../ocr/ocr-engine.ts');
  // Pages read from their stored image: the words are placed from the image's corner.
  const origins = new Map<number, ImagePlacement>();
  const results = await recognizePages(
    targets.map((page) => async () => {
      const drawn = async () => {
        origins.delete(page.page);
        const dpi = drawingDpi(page, ocrDpi(page), options.maxImagePixels);
        return { image: await pdf.screenshot(page.page, dpi), pointsPerPixel: 72 / dpi };
      };
      const stored = storedScan(page);
      const image = stored && (await pdf.storedImage(page.page, { width: stored.pixelWidth, height: stored.pixelHeight }));
      if (!image) return drawn();
      origins.set(page.page, stored);
      // Damaged image data that Tesseract cannot read: pdf.js draws what is left of it.
      return { image, pointsPerPixel: stored.width / stored.pixelWidth, fallback: drawn };
    }),
    {
      languages: options.languages,
      pointsPerPixel: 72 / DEFAULT_OCR_DPI,
      parallelism: options.ocrParallelism,
      engines: options.ocrEngines,
    },
  );
  const byPage = new Map(targets.map((page, index) => [page.page, results[index]]));
  const pages = texts.map((page): PdfPageText => {
    const result = byPage.get(page.page);
    if (!result) return page;
    const origin = origins.get(page.page);
    if (origin && result.rotation === 0) {
      const items = result.items.map((item) => ({ ...item, x: item.x + origin.left, y: item.y + origin.top }));
      return { page: page.page, width: page.width, height: page.height, items, rules: page.rules, fills: page.fills };
    }
    // A page read sideways has its own upright size; the PDF's rules no longer line up.
    return {
      page: page.page,
      width: result.width,
      height: result.height,
      items: result.items,
      rules: result.rotation === 0 ? page.rules : [],
    };
  });
  return { pages, ocr: targets.map((page, index) => ({ page: page.page, confidence: Math.round(results[index].confidence * 10) / 10 })) };
}
