import type { IntermediateDocument } from '../../document';
import { assertPageLimit } from '../page-limit';
import type { DocumentReader, ReaderInput } from '../reader';
import { joinContinuedTables } from './continued-tables';
import { loadPdfjs, pdfjsDataPaths } from './load-pdfjs';
import { removePageFurniture } from './page-furniture';
import { pageFlow } from './page-flow';
import { type FlowElement, isTable } from './pdf-table';
import { pdfFailure } from './pdf-failure';
import { linesToBlocks } from './pdf-blocks';
import type { PdfLine } from './pdf-lines';
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
    const flows = pages.map(pageFlow);
    const kept = new Set<FlowElement>(removePageFurniture(flows.map((flow) => flow.filter((element): element is PdfLine => !isTable(element)))).flat());
    const flow = joinContinuedTables(flows.flat().filter((element) => isTable(element) || kept.has(element)));
    return { pages: pages.length, metadata: pdfMetadata(info), blocks: linesToBlocks(flow) };
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
