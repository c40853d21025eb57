import type { ConversionOptions } from '../../conversion-options';
import { OcrMode } from '@docformat/contracts';
import { needsOcr } from './ocr-pages';
import type { OpenPdf } from './pdf-document';
import { readPage } from './pdf-page-text';

/** Pages read to estimate a long document's share of scans: few enough to cost well under a second. */
const SAMPLE_PAGES = 8;

/**
 * The share (0–1) of a selection's pages that will need OCR, from a sample spread evenly
 * over it: what a split across the fleet sizes its page ranges by (range-plan.ts). The
 * sampled pages are read as a conversion reads them, and judged by the same rule.
 */
export async function ocrShare(pdf: OpenPdf, pages: readonly number[], options: ConversionOptions): Promise<number> {
  if (options.ocr === OcrMode.OFF || pages.length === 0) return 0;
  if (options.ocr === OcrMode.FORCE) return 1;
  const count = Math.min(SAMPLE_PAGES, pages.length);
  let scans = 0;
  for (let i = 0; i < count; i++) {
    const page = pages[Math.floor(((i + 0.5) * pages.length) / count)];
    const { text } = await readPage(pdf.pdfjs, pdf.document, page, false);
    if (needsOcr(text, options.ocr)) scans += 1;
  }
  return scans / count;
}
