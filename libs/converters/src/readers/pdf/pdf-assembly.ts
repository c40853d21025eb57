import { type DocumentMetadata, selectedPages } from '@docformat/contracts';
import type { IntermediateDocument } from '../../document';
import { snapOcrSizes } from '../../ocr/snap-sizes';
import type { ReadContext } from '../reader';
import type { OpenPdf } from './pdf-document';
import { pageFlow } from './page-flow';
import { compactFlow, layoutFlows } from './page-layout';
import { type PdfPagesRead, isOcrPage } from './pdf-pages';
import { pdfMetadata } from './pdf-metadata';

/** What a conversion knows of a PDF once it is open: enough to split the work and to finish it. */
export interface PdfPlan {
  pageCount: number;
  metadata: DocumentMetadata;
  /** The selected pages, 1-based, ascending. */
  wanted: number[];
}

export function planPdf(pdf: OpenPdf, context: ReadContext): PdfPlan {
  if (pdf.pageCount < 1) throw new Error('The PDF has no pages');
  const wanted = selectedPages(context.options.pages, pdf.pageCount);
  // The limit is on the work: a selection of 10 pages from a long PDF is fine.
  context.checkPages(wanted.length);
  return { pageCount: pdf.pageCount, metadata: pdfMetadata(pdf.info), wanted };
}

/**
 * The document-wide pass over the pages of a PDF, read in one piece or in parts (in
 * page order): OCR'd words get their sizes snapped over every OCR'd page and are laid
 * out, then running headers and footers, tables continued over a page break and
 * lines → blocks are worked out across all pages (layoutFlows).
 */
export function assemblePdf(plan: PdfPlan, parts: readonly PdfPagesRead[]): IntermediateDocument {
  const pages = parts.flatMap((part) => part.pages);
  snapOcrSizes(pages.filter(isOcrPage));
  const flows = pages.map((page) => (isOcrPage(page) ? compactFlow(pageFlow(page)) : page));
  const ocr = parts.flatMap((part) => part.ocr);
  return {
    pages: plan.pageCount,
    metadata: plan.metadata,
    blocks: layoutFlows(flows),
    ...(plan.wanted.length < plan.pageCount ? { pagesConverted: plan.wanted } : {}),
    ...(ocr.length > 0 ? { ocr } : {}),
  };
}
