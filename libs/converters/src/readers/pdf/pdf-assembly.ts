import { type DocumentMetadata, selectedPages } from '@docformat/contracts';
import type { IntermediateDocument } from '../../document';
import { snapOcrSizes } from '../../ocr/snap-sizes';
import type { ReadContext } from '../reader';
import type { HeadingHint } from '../../layout/heading-hints';
import type { OpenPdf } from './pdf-document';
import { outlineHints } from './pdf-outline';
import { pageFlow } from '../../layout/page-flow';
import { compactFlow, layoutFlows } from '../../layout/page-layout';
import { type PdfPagesRead, isOcrPage } from './pdf-pages';
import { pdfMetadata } from './pdf-metadata';
import { placeFigures } from './place-figures';

/** What a conversion knows of a PDF once it is open: enough to split the work and to finish it. */
export interface PdfPlan {
  pageCount: number;
  metadata: DocumentMetadata;
  /** The selected pages, 1-based, ascending. */
  wanted: number[];
  /** Headings the file declares: its outline's bookmarks (layout/heading-hints.ts). */
  headingHints: HeadingHint[];
}

export async function planPdf(pdf: OpenPdf, context: ReadContext): Promise<PdfPlan> {
  if (pdf.pageCount < 1) throw new Error('The PDF has no pages');
  const wanted = selectedPages(context.options.pages, pdf.pageCount);
  // The limit is on the work: a selection of 10 pages from a long PDF is fine.
  context.checkPages(wanted.length);
  context.options.progress?.planned(wanted.length);
  const headingHints = context.options.declaredStructure ? await outlineHints(pdf.document, pdf.outline) : [];
  return { pageCount: pdf.pageCount, metadata: pdfMetadata(pdf.info), wanted, headingHints };
}

/**
 * The document-wide pass over the pages of a PDF, read in one piece or in parts (in
 * page order): OCR'd words get their sizes snapped over every OCR'd page and are laid
 * out, then running headers and footers, tables continued over a page break and
 * lines → blocks are worked out across all pages (layoutFlows), with the headings the
 * file declares (its tag tree's, else its outline's) setting heading levels.
 */
export function assemblePdf(plan: PdfPlan, parts: readonly PdfPagesRead[]): IntermediateDocument {
  const pages = parts.flatMap((part) => part.pages);
  snapOcrSizes(pages.filter(isOcrPage));
  const flows = pages.map((page) => (isOcrPage(page) ? compactFlow(pageFlow(page)) : page));
  const ocr = parts.flatMap((part) => part.ocr);
  // A tag tree marks the heading text itself; an outline only names it, so tags come first.
  const tagged = parts.flatMap((part) => part.headingHints);
  return {
    pages: plan.pageCount,
    metadata: plan.metadata,
    blocks: placeFigures(
      layoutFlows(flows, tagged.length > 0 ? tagged : plan.headingHints),
      parts.flatMap((part) => part.figures ?? []),
    ),
    ...(plan.wanted.length < plan.pageCount ? { pagesConverted: plan.wanted } : {}),
    ...(ocr.length > 0 ? { ocr } : {}),
  };
}
