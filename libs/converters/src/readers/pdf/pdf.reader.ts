import { selectedPages } from '@docformat/contracts';
import { DEFAULT_CONVERSION_OPTIONS } from '../../conversion-options';
import type { IntermediateDocument } from '../../document';
import { assertPageLimit } from '../page-limit';
import type { DocumentReader, ReaderInput } from '../reader';
import { needsOcr, ocrPdfPages } from './ocr-pages';
import { type OpenPdf, openPdf } from './pdf-document';
import { pageFlow } from './page-flow';
import { compactFlow, layoutFlows } from './page-layout';
import { linkAnnotations } from './link-annotations';
import { pdfFailure } from './pdf-failure';
import { pdfMetadata } from './pdf-metadata';
import { type PageReading, type PdfPageText, readPage } from './pdf-page-text';
import type { FlowElement } from './pdf-table';

/**
 * Pages whose link annotations are asked for at once, after their operator lists
 * (see link-annotations.ts): a few requests per document, and never all of a long
 * document's links in memory together.
 */
const LINK_BATCH = 32;

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
      // Each page is laid out as soon as it is read (its links added), so that only its
      // lines stay in memory, not its positioned words; pages that need OCR wait for it, whole.
      const flows: FlowElement[][] = [];
      const scans: Array<{ index: number; text: PdfPageText }> = [];
      for (let start = 0; start < wanted.length; start += LINK_BATCH) {
        const batch = wanted.slice(start, start + LINK_BATCH);
        const readings: PageReading[] = [];
        for (const page of batch) readings.push(await readPage(pdf.pdfjs, pdf.document, page));
        const links = await linkAnnotations(pdf.pdfjs, pdf.document, batch);
        for (const { text, applyLinks } of readings) {
          applyLinks(links.get(text.page) ?? []);
          if (needsOcr(text, options.ocr)) {
            scans.push({ index: flows.length, text });
            flows.push([]);
          } else flows.push(compactFlow(pageFlow(text)));
        }
      }
      const { pages, ocr } = await ocrPdfPages(pdf, scans.map((scan) => scan.text), options);
      scans.forEach((scan, i) => (flows[scan.index] = compactFlow(pageFlow(pages[i]))));
      return {
        pages: pdf.pageCount,
        metadata: pdfMetadata(pdf.info),
        blocks: layoutFlows(flows),
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

