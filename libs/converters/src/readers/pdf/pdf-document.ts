import { dirname, join } from 'node:path';
import { type Pdfjs, loadPdfjs, pdfjsDataPaths } from './load-pdfjs';

type PdfParseModule = typeof import('pdf-parse', { with: { 'resolution-mode': 'import' } });
type PDFParse = InstanceType<PdfParseModule['PDFParse']>;
export type PdfDocument = Awaited<ReturnType<Pdfjs['getDocument']>['promise']>;

/** An open PDF: pdf-parse for what it does well, and the pdf.js document it loaded for the rest. */
export interface OpenPdf {
  pdfjs: Pdfjs;
  /** pdf-parse's getInfo: page count and the Info dictionary. */
  pageCount: number;
  info: Record<string, unknown>;
  /** The pdf.js document pdf-parse loaded: positioned text and operator lists for layout analysis. */
  document: PdfDocument;
  /** One page rendered at `dpi` for OCR, as a JPEG (see renderPage). */
  screenshot(page: number, dpi: number): Promise<Buffer>;
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

export async function openPdf(bytes: Buffer): Promise<OpenPdf> {
  const [pdfjs, { PDFParse }] = await Promise.all([loadPdfjs(), loadPdfParse()]);
  const parser = new PDFParse({
    data: new Uint8Array(bytes),
    ...pdfjsDataPaths(),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: pdfjs.VerbosityLevel.ERRORS,
  });
  try {
    const { total, info } = await parser.getInfo();
    const document = await loadedDocument(parser);
    return {
      pdfjs,
      pageCount: total,
      info: (info ?? {}) as Record<string, unknown>,
      document,
      screenshot: (page, dpi) => renderPage(document, page, dpi),
      close: () => parser.destroy(),
    };
  } catch (error) {
    await parser.destroy().catch(() => undefined);
    throw error;
  }
}

/**
 * The pdf.js document behind a PDFParse. pdf-parse loads it once (its `load`, which
 * every public method calls) and does not expose it; layout analysis needs what its
 * text API flattens away (positions, font names, ruling lines), so we borrow it
 * instead of parsing the file a second time. pdf-parse is pinned to an exact version.
 */
async function loadedDocument(parser: PDFParse): Promise<PdfDocument> {
  const internals = parser as unknown as { load(): Promise<PdfDocument> };
  return internals.load();
}

/** JPEG quality of page images for OCR: no visible loss at the resolutions OCR reads. */
const OCR_JPEG_QUALITY = 92;

interface CanvasAndContext {
  canvas: { toBuffer(mime: 'image/jpeg', quality: number): Buffer; width: number; height: number };
  context: unknown;
}

/**
 * A page image for OCR: drawn by pdf.js into the @napi-rs/canvas that pdf-parse's
 * document set up, exactly as pdf-parse's getScreenshot does, but encoded as JPEG.
 * getScreenshot always encodes PNG, and at 200 dpi that took 0.8 s of the page's
 * 1.2 s (a 3.5 MB PNG) against 35 ms for the JPEG (measured on the OCR bench's
 * scans), which alone kept OCR under its pages-per-second target.
 */
async function renderPage(document: PdfDocument, pageNumber: number, dpi: number): Promise<Buffer> {
  const page = await document.getPage(pageNumber);
  const factory = (document as unknown as { canvasFactory: { create(width: number, height: number): CanvasAndContext; destroy(target: CanvasAndContext): void } }).canvasFactory;
  const viewport = page.getViewport({ scale: dpi / 72 });
  const target = factory.create(Math.ceil(viewport.width), Math.ceil(viewport.height));
  try {
    await page.render({ canvasContext: target.context, viewport, canvas: target.canvas } as unknown as Parameters<typeof page.render>[0]).promise;
    return target.canvas.toBuffer('image/jpeg', OCR_JPEG_QUALITY);
  } finally {
    factory.destroy(target);
    page.cleanup();
  }
}
