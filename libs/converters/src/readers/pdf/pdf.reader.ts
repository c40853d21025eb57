import { selectedPages } from '@docformat/contracts';
import { DEFAULT_CONVERSION_OPTIONS } from '../../conversion-options';
import type { IntermediateDocument } from '../../document';
import { assertPageLimit } from '../page-limit';
import type { DocumentReader, ReaderInput } from '../reader';
import { ocrPdfPages } from './ocr-pages';
import { type OpenPdf, openPdf } from './pdf-document';
import { layoutPages } from './page-layout';
import { pdfFailure } from './pdf-failure';
import { pdfMetadata } from './pdf-metadata';
import { type PdfPageText, readPageText } from './pdf-page-text';

/**
 * PDF through pdf-parse (loading, info, page images for OCR) and the pdf.js document
 * it loaded (positioned text, fonts, ruling lines). Pages without a usable text layer
 * are OCR'd (see ocr-pages.ts); every page's words then go through one layout
 * analysis (page-layout.ts), which never throws a JobFailure of its own.
 */
export const pdfReader: DocumentReader = {
  name: 'pdf',
  accepts: { mimeTypes: ['application/pdf', 'application/x-pdf', 'application/acrobat'], extensions: ['pdf'] },
  async read(input: ReaderInput): Promise<IntermediateDocument> {
    const options = input.options ?? DEFAULT_CONVERSION_OPTIONS;
    let pdf: OpenPdf | undefined;
    try {
      pdf = await openPdf(input.bytes);
      if (pdf.pageCount < 1) throw new Error('The PDF has no pages');
      const wanted = selectedPages(options.pages, pdf.pageCount);
      // The limit is on the work: a selection of 10 pages from a long PDF is fine.
      assertPageLimit(wanted.length, input.maxPages);
      const texts: PdfPageText[] = [];
      for (const page of wanted) texts.push(await readPageText(pdf.pdfjs, pdf.document, page));
      const { pages, ocr } = await ocrPdfPages(pdf, texts, options);
      return {
        pages: pdf.pageCount,
        metadata: pdfMetadata(pdf.info),
        blocks: layoutPages(pages),
        ...(wanted.length < pdf.pageCount ? { pagesConverted: wanted } : {}),
        ...(ocr.length > 0 ? { ocr } : {}),
      };
    } catch (error) {
      throw pdfFailure(error);
    } finally {
      await pdf?.close();
    }
  },
};

