import type { ConversionOptions } from '../../conversion-options';
import type { OcrPage } from '../../document';
import { pageAnnotations } from './page-annotations';
import { needsOcr, ocrPdfPages } from './ocr-pages';
import type { HeadingHint } from '../../layout/heading-hints';
import type { OpenPdf } from './pdf-document';
import { pageFlow } from '../../layout/page-flow';
import { compactFlow } from '../../layout/page-layout';
import { type PageReading, type PdfPageText, readPage } from './pdf-page-text';
import type { PdfFigure } from './page-figures';
import type { FlowElement } from '../../layout/tables/page-table';

/**
 * Pages whose link and form-field annotations are asked for at once, after their
 * operator lists (see page-annotations.ts): a few requests per document, and never all
 * of a long document's annotations in memory together.
 */
const ANNOTATION_BATCH = 32;

/**
 * What the per-page work leaves of some pages, in page order: a page read from its text
 * layer as its compact flow (lines and tables, no positioned words), a page read by OCR
 * as its recognised words. OCR'd words still wait for one document-wide step, the
 * snapping of their estimated sizes over every OCR'd page (see layoutPdfPages), so they
 * are laid out only then. Plain data: a part of a split conversion crosses threads as this.
 */
export interface PdfPagesRead {
  pages: Array<FlowElement[] | PdfPageText>;
  /** The pages read by OCR, with their confidence. */
  ocr: OcrPage[];
  /** The headings the pages' tag trees declare, in page order (tagged-headings.ts). */
  headingHints: HeadingHint[];
  /** The pictures the pages draw, in page order, when asked for (ConversionOptions.readImages). */
  figures?: PdfFigure[];
}

export function isOcrPage(page: FlowElement[] | PdfPageText): page is PdfPageText {
  return !Array.isArray(page);
}

/**
 * The per-page part of a PDF conversion, for some of its pages (1-based, ascending):
 * each page is laid out as soon as it is read (its links added), so that only its lines
 * stay in memory, not its positioned words; pages that need OCR wait for it, whole.
 * Nothing here looks at another page, so a document's pages can be read in parts,
 * in several threads, and the parts put end to end.
 */
export async function readPdfPages(pdf: OpenPdf, pages: readonly number[], options: ConversionOptions): Promise<PdfPagesRead> {
  const read: PdfPagesRead['pages'] = [];
  const scans: Array<{ index: number; text: PdfPageText }> = [];
  const headingHints: HeadingHint[] = [];
  const figures: PdfFigure[] = [];
  const extras = options.readImages ? { figures: { minSide: options.imageLimits.minSide } } : {};
  for (let start = 0; start < pages.length; start += ANNOTATION_BATCH) {
    const batch = pages.slice(start, start + ANNOTATION_BATCH);
    const readings: PageReading[] = [];
    for (const page of batch) readings.push(await readPage(pdf.pdfjs, pdf.document, page, options.declaredStructure, extras));
    const annotations = await pageAnnotations(pdf.pdfjs, pdf.document, batch);
    for (const { text, headings, applyAnnotations, figures: drawn } of readings) {
      applyAnnotations(annotations.get(text.page) ?? []);
      headingHints.push(...headings);
      figures.push(...drawn);
      if (needsOcr(text, options.ocr)) {
        scans.push({ index: read.length, text });
        read.push(text);
      } else {
        read.push(compactFlow(pageFlow(text)));
        options.progress?.read(1);
      }
    }
  }
  const { pages: recognised, ocr } = await ocrPdfPages(
    pdf,
    scans.map((scan) => scan.text),
    options,
  );
  scans.forEach((scan, i) => (read[scan.index] = recognised[i]));
  // OCR'd pages count once all are read (they are recognised a few at a time, in no fixed order).
  if (scans.length > 0) options.progress?.read(scans.length);
  return { pages: read, ocr, headingHints, figures };
}
