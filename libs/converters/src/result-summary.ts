import { JobWarningCode, OcrMode, type JobWarning } from '@docformat/contracts';
import type { ConversionOptions } from './conversion-options';
import { type Block, type IntermediateDocument, inlineText } from './document';

/** `result.ocr`: which pages were read by OCR and how sure the engine was overall. */
export interface OcrSummary {
  pages: number[];
  /** Mean of the pages' mean word confidences, 0-100, one decimal. */
  meanConfidence: number;
}

/** Below this mean word confidence a page's OCR text is flagged as unreliable. */
export const LOW_OCR_CONFIDENCE = 60;

export function ocrSummary(document: IntermediateDocument): OcrSummary | undefined {
  const pages = document.ocr ?? [];
  if (pages.length === 0) return undefined;
  // A page where OCR found no word (confidence 0) has nothing to be unsure of.
  const read = pages.filter((page) => page.confidence > 0);
  const mean = read.length > 0 ? read.reduce((sum, page) => sum + page.confidence, 0) / read.length : 0;
  return { pages: pages.map((page) => page.page), meanConfidence: Math.round(mean * 10) / 10 };
}

/**
 * Warnings for a conversion that completed but may not be what the client hoped for:
 * a document with no text at all (a scan with OCR off, a blank page, an image of a
 * picture) is never returned silently empty.
 */
export function conversionWarnings(document: IntermediateDocument, options: ConversionOptions): JobWarning[] {
  const warnings: JobWarning[] = [];
  if (!document.blocks.some(hasText)) {
    const hint =
      options.ocr === OcrMode.OFF
        ? ' OCR was turned off ("ocr": "off"); a scanned document needs "auto" or "force".'
        : document.ocr?.length
          ? ' The pages were read by OCR, which recognised no words.'
          : '';
    warnings.push({ code: JobWarningCode.NO_TEXT_FOUND, message: `No text was found in the document.${hint}` });
  }
  const unsure = (document.ocr ?? [])
    .filter((page) => page.confidence > 0 && page.confidence < LOW_OCR_CONFIDENCE)
    .map((page) => page.page);
  if (unsure.length > 0) {
    warnings.push({
      code: JobWarningCode.LOW_OCR_CONFIDENCE,
      message: `OCR was unsure of the text on page${unsure.length > 1 ? 's' : ''} ${unsure.join(', ')} (mean word confidence below ${LOW_OCR_CONFIDENCE}); check the output.`,
    });
  }
  return warnings;
}

function hasText(block: Block): boolean {
  switch (block.type) {
    case 'heading':
    case 'paragraph':
      return inlineText(block.content).trim() !== '';
    case 'code':
      return block.text.trim() !== '';
    case 'list':
      return block.items.some((item) => item.blocks.some(hasText));
    case 'quote':
      return block.blocks.some(hasText);
    case 'table':
      return [...(block.header ? [block.header] : []), ...block.rows].some((row) => row.some((cell) => inlineText(cell).trim() !== ''));
    case 'rule':
      return false;
    case 'image':
      // A picture's description is text the author wrote; a picture without one is not.
      return block.alt.trim() !== '';
  }
}
