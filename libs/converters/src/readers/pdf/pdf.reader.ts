import type { IntermediateDocument } from '../../document';
import { assertPageLimit } from '../page-limit';
import type { DocumentReader, ReaderInput } from '../reader';
import { loadPdfjs, pdfjsDataPaths } from './load-pdfjs';
import { layoutPages } from './page-layout';
import { pdfFailure } from './pdf-failure';
import { type PdfInfo, pdfMetadata } from './pdf-metadata';
import { type PdfPageText, readPageText } from './pdf-page-text';

/**
 * PDF via pdf.js (pdfjs-dist, loaded on first read). pdf.js only reads: page count,
 * metadata and positioned text come out, and everything after that (columns, lines,
 * tables (joined across page breaks), headers and footers, paragraphs, headings, lists) is plain layout code that never throws
 * a JobFailure of its own.
 */
export const pdfReader: DocumentReader = {
  name: 'pdf',
  accepts: { mimeTypes: ['application/pdf', 'application/x-pdf', 'application/acrobat'], extensions: ['pdf'] },
  async read(input: ReaderInput): Promise<IntermediateDocument> {
    const { pages, info } = await extractText(input);
    return { pages: pages.length, metadata: pdfMetadata(info), blocks: layoutPages(pages) };
  },
};

async function extractText(input: ReaderInput): Promise<{ pages: PdfPageText[]; info: PdfInfo }> {
  const pdfjs = await loadPdfjs();
  const task = pdfjs.getDocument({
    data: new Uint8Array(input.bytes),
    ...pdfjsDataPaths(),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: pdfjs.VerbosityLevel.ERRORS,
  });
  try {
    const document = await task.promise;
    if (document.numPages < 1) throw new Error('The PDF has no pages');
    assertPageLimit(document.numPages, input.maxPages);
    const { info } = await document.getMetadata();
    const pages: PdfPageText[] = [];
    for (let page = 1; page <= document.numPages; page++) pages.push(await readPageText(pdfjs, document, page));
    return { pages, info: (info ?? {}) as PdfInfo };
  } catch (error) {
    throw pdfFailure(error);
  } finally {
    await task.destroy();
  }
}
