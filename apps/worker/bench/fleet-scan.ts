import { createHash } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/**
 * The scanned book of bench:fleet, made here, deterministically, from a PDF in the
 * repository and nothing downloaded: the GAP tutorial (`tut-manual.pdf`, 57 pages of
 * running text, examples and a few tables; Debian's gap-doc 4.12.1-2, GPL-2.0-or-later,
 * listed in libs/converters/bench/third-party/corpus/SOURCES.md). Each of its pages is
 * drawn by pdf.js into a canvas of @napi-rs/canvas (what the OCR code draws with) at
 * SCAN_DPI, encoded as a JPEG, and put alone on a page of a new PDF (pdf-lib) the size of
 * the original: an image-only PDF, no text layer, so every page is read by OCR. The
 * pages cycle through the tutorial's (page 58 is its page 1 again) up to the size asked.
 */
export const SCAN_SOURCE = join(__dirname, '../../../libs/converters/bench/third-party/corpus/debian/gap-doc/tut-manual.pdf');
const SCAN_DPI = 200;
const JPEG_QUALITY = 85;
/** Changes the cache key when the way the scan is made changes. */
const RECIPE = `fleet-scan v1, ${SCAN_DPI} dpi, JPEG ${JPEG_QUALITY}`;

/**
 * The path of a `pages`-page image-only PDF made from SCAN_SOURCE, made on first use and
 * kept under os.tmpdir(), keyed by a hash of the source, the recipe and the page count.
 */
export async function scannedBook(pages: number): Promise<string> {
  const source = readFileSync(SCAN_SOURCE);
  const key = createHash('sha256').update(source).update(`${RECIPE}, ${pages} pages`).digest('hex').slice(0, 16);
  const path = join(tmpdir(), `docformat-fleet-scan-${key}.pdf`);
  if (existsSync(path)) return path;
  const bytes = await makeScan(source, pages);
  const partial = `${path}.${process.pid}.partial`;
  writeFileSync(partial, bytes);
  renameSync(partial, path);
  return path;
}

async function makeScan(source: Buffer, pages: number): Promise<Uint8Array> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const { createCanvas } = await import('@napi-rs/canvas');
  const { PDFDocument } = await import('pdf-lib');
  const root = dirname(require.resolve('pdfjs-dist/package.json'));
  const original = await pdfjs.getDocument({
    data: new Uint8Array(source),
    cMapUrl: join(root, 'cmaps') + '/',
    standardFontDataUrl: join(root, 'standard_fonts') + '/',
    disableFontFace: true,
    isEvalSupported: false,
    verbosity: pdfjs.VerbosityLevel.ERRORS,
  }).promise;
  // No producer or dates: the same source gives the same bytes.
  const scan = await PDFDocument.create({ updateMetadata: false });
  const drawn = new Map<number, { jpeg: Buffer; width: number; height: number }>();
  try {
    for (let index = 0; index < pages; index++) {
      const number = (index % original.numPages) + 1;
      let image = drawn.get(number);
      if (!image) {
        const page = await original.getPage(number);
        const viewport = page.getViewport({ scale: SCAN_DPI / 72 });
        const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
        const context = canvas.getContext('2d');
        context.fillStyle = '#ffffff';
        context.fillRect(0, 0, canvas.width, canvas.height);
        const parameters = { canvasContext: context, viewport, canvas };
        await page.render(parameters as unknown as Parameters<typeof page.render>[0]).promise;
        const { width, height } = page.getViewport({ scale: 1 });
        image = { jpeg: canvas.toBuffer('image/jpeg', JPEG_QUALITY), width, height };
        drawn.set(number, image);
        page.cleanup();
      }
      // Each page its own image object, as a scanner writes them.
      const embedded = await scan.embedJpg(image.jpeg);
      scan.addPage([image.width, image.height]).drawImage(embedded, { x: 0, y: 0, width: image.width, height: image.height });
    }
  } finally {
    await original.destroy();
  }
  return scan.save();
}
