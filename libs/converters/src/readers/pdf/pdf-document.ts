import { dirname, join } from 'node:path';
import { type Pdfjs, loadPdfjs, pdfjsDataPaths, pdfjsWorker } from './load-pdfjs';
import { DEFAULT_MAX_IMAGE_PIXELS } from '../../ocr/pixel-budget';
import { boundedCanvasFactory, type PdfCanvasFactory } from './canvas-factory';
import type { OutlineNode } from './pdf-outline';
import { type PixelSize, storedScans } from './stored-scan';

type PdfParseModule = typeof import('pdf-parse', { with: { 'resolution-mode': 'import' } });
type PDFParse = InstanceType<PdfParseModule['PDFParse']>;
export type PdfDocument = Awaited<ReturnType<Pdfjs['getDocument']>['promise']>;

/** An open PDF: pdf-parse for what it does well, and the pdf.js document it loaded for the rest. */
export interface OpenPdf {
  pdfjs: Pdfjs;
  /** pdf-parse's getInfo: page count and the Info dictionary. */
  pageCount: number;
  info: Record<string, unknown>;
  /** getInfo's outline (bookmarks), destinations unresolved (pdf-outline.ts). */
  outline: OutlineNode[];
  /** The pdf.js document pdf-parse loaded: positioned text and operator lists for layout analysis. */
  document: PdfDocument;
  /** One page rendered at `dpi` for OCR, as a JPEG (see renderPage). */
  screenshot(page: number, dpi: number): Promise<Buffer>;
  /** A scanned page's only image as the file stores it, when Tesseract can read it so (see stored-scan.ts). */
  storedImage(page: number, pixels: PixelSize): Promise<Buffer | undefined>;
  close(): Promise<void>;
}

let loading: Promise<PdfParseModule> | undefined;

/**
 * pdf-parse is the PDF entry (docs/adr/0004-pdf-engine-and-ocr.md): it loads the
 * document, reads its info and renders pages for OCR. Its ES module build is imported
 * by path so that it shares the one pdf.js instance (and fake worker) that
 * load-pdfjs.ts sets up; its CommonJS build bundles a second copy of pdf.js.
 */
function loadPdfParse(): Promise<PdfParseModule> {
  loading ??= (async () => {
    await loadPdfjs();
    const cjsEntry = require.resolve('pdf-parse');
    return (await import(join(dirname(cjsEntry), '..', 'esm', 'index.js'))) as PdfParseModule;
  })();
  loading.catch(() => (loading = undefined));
  return loading;
}

/**
 * Opens a PDF whose images, and the canvases pdf.js draws, may have at most
 * `maxImagePixels` pixels each. pdf.js decodes every image a page paints as soon as its
 * operator list is read, OCR or not, at 4 bytes a pixel outside the heap: an 890 KB
 * scan declaring 30,000 × 30,000 pixels took a conversion thread to 8 GB. A bigger
 * image is left out (pdf.js's `maxImageSize`, as in a browser), so the page's text still
 * converts; a canvas over it fails the conversion with FILE_TOO_LARGE (canvas-factory.ts).
 */
export async function openPdf(bytes: Uint8Array, maxImagePixels = DEFAULT_MAX_IMAGE_PIXELS): Promise<OpenPdf> {
  const [pdfjs, { PDFParse }] = await Promise.all([loadPdfjs(), loadPdfParse()]);
  const parameters = {
    data: new Uint8Array(bytes),
    ...pdfjsDataPaths(),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: pdfjs.VerbosityLevel.ERRORS,
    maxImageSize: maxImagePixels,
    CanvasFactory: boundedCanvasFactory(maxImagePixels),
  };
  const document = await loadDocument(pdfjs, { ...parameters, worker: await pdfjsWorker() });
  const scans = storedScans(bytes);
  const parser = new PDFParse(parameters);
  adoptDocument(parser, document);
  try {
    const { total, info, outline } = await parser.getInfo();
    return {
      pdfjs,
      pageCount: total,
      info: (info ?? {}) as Record<string, unknown>,
      outline: (outline ?? []) as OutlineNode[],
      document,
      screenshot: (page, dpi) => renderPage(document, page, dpi),
      storedImage: (page, pixels) => scans.image(page, pixels),
      close: () => parser.destroy(),
    };
  } catch (error) {
    await parser.destroy().catch(() => undefined);
    throw error;
  }
}

/**
 * pdf.js's getDocument with pdf-parse's own parameters, exactly as pdf-parse's `load`
 * calls it, except that a file that fails to open (damaged, encrypted) has its loading
 * task destroyed: pdf-parse keeps no handle on the task when loading fails, so every
 * bad PDF left its parser state behind in the conversion thread.
 */
export async function loadDocument(pdfjs: Pdfjs, parameters: Parameters<Pdfjs['getDocument']>[0]): Promise<PdfDocument> {
  const task = pdfjs.getDocument(parameters);
  try {
    return await task.promise;
  } catch (error) {
    await task.destroy().catch(() => undefined);
    throw error;
  }
}

/**
 * Hands the loaded document to pdf-parse, which then serves getInfo from it and
 * destroys it on `destroy()`: its `load` returns the document it holds. The same
 * document is what layout analysis reads (positions, font names, ruling lines, which
 * pdf-parse's text API flattens away), so the file is parsed once. pdf-parse is
 * pinned to an exact version because this relies on its private field.
 */
function adoptDocument(parser: PDFParse, document: PdfDocument): void {
  (parser as unknown as { doc?: PdfDocument }).doc = document;
}

/** JPEG quality of page images for OCR: no visible loss at the resolutions OCR reads. */
const OCR_JPEG_QUALITY = 92;

/**
 * A page image for OCR: drawn by pdf.js into a canvas of the document's factory
 * (canvas-factory.ts), as pdf-parse's getScreenshot does, but encoded as JPEG.
 * getScreenshot always encodes PNG, and at 200 dpi that took 0.8 s of the page's
 * 1.2 s (a 3.5 MB PNG) against 35 ms for the JPEG (measured on the OCR bench's
 * scans), which alone kept OCR under its pages-per-second target.
 */
async function renderPage(document: PdfDocument, pageNumber: number, dpi: number): Promise<Buffer> {
  const page = await document.getPage(pageNumber);
  const factory = (document as unknown as { canvasFactory: PdfCanvasFactory }).canvasFactory;
  const viewport = page.getViewport({ scale: dpi / 72 });
  const target = factory.create(Math.ceil(viewport.width), Math.ceil(viewport.height));
  try {
    await page.render({ canvasContext: target.context, viewport, canvas: target.canvas } as unknown as Parameters<typeof page.render>[0])
      .promise;
    return target.canvas!.toBuffer('image/jpeg', OCR_JPEG_QUALITY);
  } finally {
    factory.destroy(target);
    page.cleanup();
  }
}
