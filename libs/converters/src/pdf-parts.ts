import type { FormatOptions } from '@docformat/contracts';
import { conversionOptions, type PageProgress } from './conversion-options';
import { type ConvertResult, conversionResources, type KeepOptions, outputFormats, renderDocument } from './convert';
import type { OcrEngines } from './ocr/ocr-engines';
import type { ImageLimits } from './images/image-limits';
import type { SplitPlan, SplitReading } from './readers/reader';
import { readerNamed } from './readers/registry';

/*
 * One long document on several threads, for the readers whose manifest declares a
 * reading in parts (loadSplitReading: the PDF reader's). The per-page work (reading,
 * per-page layout, OCR) is what takes the time and needs no other page, so it runs in
 * parts; the document-wide pass and rendering run once, over the parts put back in page
 * order, which gives the bytes a whole conversion gives. Three steps, each a task of
 * its own, so that no task ever waits for another (a thread waiting for parts queued
 * behind it would deadlock a busy pool); the caller runs them:
 *
 *   convertDocument   the first task, given a split request (convert.ts): a whole
 *                     conversion, unless the document's reader reads in parts and the
 *                     policy finds its selection long; then it announces the plan
 *                     (onPlan) and reads only the first part
 *   convertPdfPart    each further part (below)
 *   assemblePdfParts  the parts, in order → the result (below)
 */

/**
 * The reading in parts of the further tasks: a PDF's, the one reader that declares one
 * (the worker's part and assembly tasks are named for it, and carry no document type).
 */
function pdfSplitReading(): Promise<SplitReading> {
  const reading = readerNamed('pdf')?.loadSplitReading;
  if (!reading) throw new Error('The PDF reader declares no reading in parts');
  return reading();
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
  /** What the conversion keeps of pictures (the least side is applied as pages are read). */
  imageLimits?: ImageLimits;
  /** What the conversion keeps: an extraction's parts read pictures whatever format.images says. */
  keep?: KeepOptions;
  /** Told each page as it is read. */
  progress?: PageProgress;
}

/** A further part of a split PDF: read, laid out page by page, OCR'd where needed. Plain data, for the assembling task. */
export async function convertPdfPart(input: PdfPartInput): Promise<unknown> {
  const options = conversionOptions(input.options, conversionResources(input));
  const reading = await pdfSplitReading();
  return reading.readPart(input.bytes, input.pages, options);
}

export interface PdfAssembleInput {
  plan: SplitPlan;
  /**
   * Every part, in the plan's order; called once, by the layout, which keeps nothing of
   * them: a caller that keeps no reference either lets them go before rendering (the
   * lines of 2,415 pages are some 60 MB of heap, and rendering markdown makes garbage fast).
   */
  readParts(): readonly unknown[];
  formats: string[];
  options?: FormatOptions;
  keep?: KeepOptions;
  imageLimits?: ImageLimits;
}

/** The parts of a split PDF → the result a whole conversion would have given. */
export async function assemblePdfParts(input: PdfAssembleInput): Promise<ConvertResult> {
  const formats = outputFormats(input.formats);
  const options = conversionOptions(input.options, {
    readImages: input.keep?.extraction === true,
    ...(input.imageLimits ? { imageLimits: input.imageLimits } : {}),
  });
  const reading = await pdfSplitReading();
  const document = reading.assemble(input.plan, () => input.readParts());
  return renderDocument(document, formats, options, input.keep);
}
