import type { FormatOptions } from '@docformat/contracts';
import { conversionOptions } from '../conversion-options';
import {
  type ConvertInput,
  type ConvertResult,
  conversionResources,
  convertDocument,
  type KeepOptions,
  outputFormats,
  prepareConversion,
  renderDocument,
} from '../convert';
import type { IntermediateDocument } from '../document';
import type { OcrEngines } from '../ocr/ocr-engines';
import type { PdfPagesRead } from '../readers/pdf/pdf-pages';
import { pdfManifest } from '../readers/pdf/pdf.manifest';
import type { PdfFirstPart, PdfSplitPlan, PdfSplitRequest } from '../readers/pdf/pdf.reader';
import { readContext } from '../readers/read-context';

/*
 * One long PDF on several threads. The per-page work (reading, per-page layout, OCR) is
 * what takes the time and needs no other page, so it runs in parts; the document-wide
 * pass and rendering run once, over the parts put back in page order, which gives the
 * bytes a whole conversion gives. Three steps, each a task of its own, so that no task
 * ever waits for another (a thread waiting for parts queued behind it would deadlock a
 * busy pool); the caller runs them:
 *
 *   startConversion   the first task: a whole conversion, unless the input is a PDF whose
 *                     selection the policy finds long; then it announces the plan
 *                     (onPlan) and reads only the first part
 *   convertPdfPart    each further part
 *   assemblePdfParts  the parts, in order → the result
 */

/** A conversion's first task: the finished result, or a long PDF's plan and first part. */
export async function startConversion(input: ConvertInput, split: PdfSplitRequest): Promise<ConvertResult | PdfFirstPart> {
  const { formats, options, reader } = prepareConversion(input);
  if (reader !== pdfManifest) return convertDocument(input);
  // The PDF modules load here, as a reader's do (the manifest's load), not with this file.
  const { readPdf } = await import('../readers/pdf/pdf.reader.ts');
  const read = await readPdf(input.bytes, readContext(options, input.maxPages), split);
  return isFirstPart(read) ? read : renderDocument(read, formats, options, input.keep);
}

export function isFirstPart(value: IntermediateDocument | ConvertResult | PdfFirstPart): value is PdfFirstPart {
  return 'plan' in value;
}

export interface PdfPartInput {
  bytes: Uint8Array;
  /** The part's pages from the plan, 1-based, ascending. */
  pages: readonly number[];
  /** The client's options; only OCR's matter here. */
  options?: FormatOptions;
  ocrParallelism?: number;
  ocrEngines?: OcrEngines;
  /** Most pixels of one image decoded or drawn (MAX_IMAGE_PIXELS). */
  maxImagePixels?: number;
}

/** A further part of a split PDF: read, laid out page by page, OCR'd where needed. */
export async function convertPdfPart(input: PdfPartInput): Promise<PdfPagesRead> {
  const options = conversionOptions(input.options, conversionResources(input));
  const { readPdfPart } = await import('../readers/pdf/pdf.reader.ts');
  return readPdfPart(input.bytes, input.pages, options);
}

export interface PdfAssembleInput {
  plan: PdfSplitPlan;
  /**
   * Every part, in the plan's order; called once, by the layout, which keeps nothing of
   * them: a caller that keeps no reference either lets them go before rendering (the
   * lines of 2,415 pages are some 60 MB of heap, and rendering markdown makes garbage fast).
   */
  readParts(): readonly PdfPagesRead[];
  formats: string[];
  options?: FormatOptions;
  keep?: KeepOptions;
}

/** The parts of a split PDF → the result a whole conversion would have given. */
export async function assemblePdfParts(input: PdfAssembleInput): Promise<ConvertResult> {
  const formats = outputFormats(input.formats);
  const options = conversionOptions(input.options);
  const [{ assemblePdf }, { pdfFailure }] = await Promise.all([
    import('../readers/pdf/pdf-assembly.ts'),
    import('../readers/pdf/pdf-failure.ts'),
  ]);
  let document: IntermediateDocument;
  try {
    document = assemblePdf(input.plan, input.readParts());
  } catch (error) {
    // As when the whole conversion lays out its pages with the PDF still open.
    throw pdfFailure(error);
  }
  return renderDocument(document, formats, options, input.keep);
}
