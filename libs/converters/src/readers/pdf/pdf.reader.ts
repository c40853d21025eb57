import type { ConversionOptions } from '../../conversion-options';
import type { IntermediateDocument } from '../../document';
import type { FirstPart, ReadContext, ReaderInput, SplitReadRequest } from '../reader';
import { type PdfPlan, assemblePdf, planPdf } from './pdf-assembly';
import { type OpenPdf, openPdf } from './pdf-document';
import { pdfFailure } from './pdf-failure';
import { ocrShare } from './ocr-share';
import { type PdfPagesRead, readPdfPages } from './pdf-pages';

/** A PDF's plan with its selection cut into parts, in page order. */
export interface PdfSplitPlan extends PdfPlan {
  parts: number[][];
}

/** A long PDF's first part, read by the conversion that planned the split. */
export type PdfFirstPart = FirstPart<PdfSplitPlan, PdfPagesRead>;

/**
 * PDF through pdf-parse (loading, info, page images for OCR) and the pdf.js document
 * it loaded (positioned text, fonts, ruling lines). Pages without a usable text layer
 * are OCR'd (see ocr-pages.ts); every page's words then go through one layout
 * analysis (layout/page-layout.ts), which never throws a JobFailure of its own.
 */
export function read(input: ReaderInput, context: ReadContext): Promise<IntermediateDocument> {
  return readPdf(input.bytes, context);
}

/**
 * The first step of the PDF's reading in parts (readFirst, readPart, assemble: the
 * SplitReading its manifest declares): reads the selected pages and lays them out,
 * unless `request` cuts the selection into parts; then the plan is announced and only
 * the first part is read here.
 */
export function readFirst(
  input: ReaderInput,
  context: ReadContext,
  request: SplitReadRequest,
): Promise<IntermediateDocument | PdfFirstPart> {
  return readPdf(input.bytes, context, request);
}

/** Some pages of a PDF, for a part of a split conversion (the plan checked the page limit). */
export function readPart(bytes: Uint8Array, pages: readonly number[], options: ConversionOptions): Promise<PdfPagesRead> {
  return withPdf(bytes, options, (pdf) => readPdfPages(pdf, pages, options));
}

/** The parts of a split PDF, in the plan's order → the document a whole read gives. */
export function assemble(plan: PdfSplitPlan, readParts: () => readonly PdfPagesRead[]): IntermediateDocument {
  try {
    return assemblePdf(plan, readParts());
  } catch (error) {
    // As when the whole conversion lays out its pages with the PDF still open.
    throw pdfFailure(error);
  }
}

async function readPdf(bytes: Uint8Array, context: ReadContext): Promise<IntermediateDocument>;
async function readPdf(bytes: Uint8Array, context: ReadContext, request: SplitReadRequest): Promise<IntermediateDocument | PdfFirstPart>;
async function readPdf(bytes: Uint8Array, context: ReadContext, request?: SplitReadRequest): Promise<IntermediateDocument | PdfFirstPart> {
  const { options } = context;
  return withPdf(bytes, options, async (pdf) => {
    const plan = await planPdf(pdf, context);
    const parts = await request?.cut(plan.wanted, () => ocrShare(pdf, plan.wanted, options));
    if (!request || !parts) return assemblePdf(plan, [await readPdfPages(pdf, plan.wanted, options)]);
    const splitPlan = { ...plan, parts };
    request.onPlan(splitPlan);
    return { plan: splitPlan, part: await readPdfPages(pdf, parts[0], options) };
  });
}

/** Opens the PDF for `work` and closes it after (pdf.js's document and caches go with it); failures become JobFailures. */
async function withPdf<T>(bytes: Uint8Array, options: ConversionOptions, work: (pdf: OpenPdf) => Promise<T>): Promise<T> {
  let pdf: OpenPdf | undefined;
  try {
    pdf = await openPdf(bytes, options.maxImagePixels);
    return await work(pdf);
  } catch (error) {
    throw pdfFailure(error);
  } finally {
    await pdf?.close();
  }
}
