import type { ConversionOptions } from '../../conversion-options';
import type { IntermediateDocument } from '../../document';
import { type SplitPolicy, planParts } from '../../split/part-plan';
import type { ReadContext, ReaderInput } from '../reader';
import { type PdfPlan, assemblePdf, planPdf } from './pdf-assembly';
import { type OpenPdf, openPdf } from './pdf-document';
import { pdfFailure } from './pdf-failure';
import { type PdfPagesRead, readPdfPages } from './pdf-pages';

/** A conversion that may hand part of its pages to other threads (see split/split-conversion.ts). */
export interface PdfSplitRequest {
  policy: SplitPolicy;
  /** Told the plan as soon as it is known, before the first part is read, so the other parts can start. */
  onPlan(plan: PdfSplitPlan): void;
}

/** A PDF's plan with its selection cut into parts, in page order. */
export interface PdfSplitPlan extends PdfPlan {
  parts: number[][];
}

/** A long PDF's first part, read by the conversion that planned the split. */
export interface PdfFirstPart {
  plan: PdfSplitPlan;
  part: PdfPagesRead;
}

/**
 * PDF through pdf-parse (loading, info, page images for OCR) and the pdf.js document
 * it loaded (positioned text, fonts, ruling lines). Pages without a usable text layer
 * are OCR'd (see ocr-pages.ts); every page's words then go through one layout
 * analysis (page-layout.ts), which never throws a JobFailure of its own.
 */
export function read(input: ReaderInput, context: ReadContext): Promise<IntermediateDocument> {
  return readPdf(input.bytes, context);
}

/**
 * Reads the selected pages and lays them out; with a split request, a selection the
 * policy finds long is planned into parts instead, and only the first is read here.
 */
export async function readPdf(bytes: Uint8Array, context: ReadContext): Promise<IntermediateDocument>;
export async function readPdf(
  bytes: Uint8Array,
  context: ReadContext,
  split: PdfSplitRequest,
): Promise<IntermediateDocument | PdfFirstPart>;
export async function readPdf(
  bytes: Uint8Array,
  context: ReadContext,
  split?: PdfSplitRequest,
): Promise<IntermediateDocument | PdfFirstPart> {
  const { options } = context;
  return withPdf(bytes, options, async (pdf) => {
    const plan = await planPdf(pdf, context);
    const parts = split && planParts(plan.wanted, split.policy);
    if (!split || !parts) return assemblePdf(plan, [await readPdfPages(pdf, plan.wanted, options)]);
    const splitPlan = { ...plan, parts };
    split.onPlan(splitPlan);
    return { plan: splitPlan, part: await readPdfPages(pdf, parts[0], options) };
  });
}

/** Some pages of a PDF, for a part of a split conversion (the plan checked the page limit). */
export function readPdfPart(bytes: Uint8Array, pages: readonly number[], options: ConversionOptions): Promise<PdfPagesRead> {
  return withPdf(bytes, options, (pdf) => readPdfPages(pdf, pages, options));
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
