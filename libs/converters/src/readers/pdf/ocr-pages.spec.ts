import { drawingDpi, needsOcr, ocrDpi, storedScan } from './ocr-pages';
import type { TextItem } from '../../layout/page-text';
import type { PdfPageText } from './pdf-page-text';

const word = (text: string, x = 50, y = 100): TextItem => ({
  text,
  x,
  y,
  width: text.length * 5,
  size: 10,
  bold: false,
  italic: false,
  mono: false,
  rtl: false,
});
const page = (items: TextItem[], imageCoverage = 0): PdfPageText => ({
  page: 1,
  width: 600,
  height: 800,
  items,
  rules: [],
  imageCoverage,
});
const fullText = Array.from({ length: 40 }, (_, line) => word('A line of ordinary body text that runs across.', 50, 60 + line * 16));

describe('needsOcr', () => {
  it('in auto mode: a page with no text layer at all', () => {
    expect(needsOcr(page([]), 'auto')).toBe(true);
    expect(needsOcr(page([word('   ')], 0.98), 'auto')).toBe(true);
  });

  it('in auto mode: next to no text over a page-sized image (a stamped page number on a scan)', () => {
    expect(needsOcr(page([word('3', 300, 780)], 0.97), 'auto')).toBe(true);
  });

  it('in auto mode: not a page with a real text layer, even over a full-page image (a scan with an OCR layer)', () => {
    expect(needsOcr(page(fullText, 0.99), 'auto')).toBe(false);
    expect(needsOcr(page([word('Figure 1: a chart', 300, 780)], 0.2), 'auto')).toBe(false);
  });

  it('force reads every page, off none', () => {
    expect(needsOcr(page(fullText), 'force')).toBe(true);
    expect(needsOcr(page([]), 'off')).toBe(false);
  });
});

describe('ocrDpi', () => {
  it('renders a scan at its own resolution, within 150-300 dpi', () => {
    expect(ocrDpi({ ...page([], 0.98), imageDpi: 199.6 })).toBe(200);
    expect(ocrDpi({ ...page([], 0.98), imageDpi: 600 })).toBe(300);
    expect(ocrDpi({ ...page([], 0.98), imageDpi: 96 })).toBe(150);
  });

  it('renders pages without a page-sized image at 200 dpi', () => {
    expect(ocrDpi(page([]))).toBe(200);
    expect(ocrDpi({ ...page([], 0.3), imageDpi: 600 })).toBe(200);
  });
});

describe('storedScan', () => {
  // An A5 page (420 x 595 pt) scanned at 200 dpi and centred by img2pdf: 2.4 pt above and below.
  const scan = { left: 0, top: 2.4, width: 420, height: 590, pixelWidth: 1167, pixelHeight: 1639 };
  const scanned = (placement: Partial<typeof scan> | undefined, items: TextItem[] = []): PdfPageText => ({
    ...page(items, 0.99),
    width: 420,
    height: 595,
    ...(placement ? { imagePlacement: { ...scan, ...placement } } : {}),
  });

  it('reads a scan as stored when it is all there is on the page, within the page, with square pixels at 150-300 dpi', () => {
    expect(storedScan(scanned({}))).toEqual(scan);
  });

  it('draws the page when anything else is on it: text, a smaller image, no known placement', () => {
    expect(storedScan(scanned({}, [word('7', 400, 580)]))).toBeUndefined();
    expect(storedScan(scanned({ width: 300, pixelWidth: 833 }))).toBeUndefined();
    expect(storedScan(scanned(undefined))).toBeUndefined();
  });

  it('draws the page when the image runs off it, has oblong pixels, or is finer or coarser than OCR reads', () => {
    expect(storedScan(scanned({ left: -20 }))).toBeUndefined();
    expect(storedScan(scanned({ pixelWidth: 1000 }))).toBeUndefined();
    expect(storedScan(scanned({ pixelWidth: 3500, pixelHeight: 4917 }))).toBeUndefined(); // 600 dpi: drawn at 300
    expect(storedScan(scanned({ pixelWidth: 583, pixelHeight: 819 }))).toBeUndefined(); // 100 dpi: drawn at 150
  });
});

describe('needsOcr of a page that puts no ink down', () => {
  it('is false in every mode: there is nothing to read', () => {
    expect(needsOcr({ ...page([]), blank: true }, 'auto')).toBe(false);
    expect(needsOcr({ ...page([]), blank: true }, 'force')).toBe(false);
  });
});

describe('drawingDpi', () => {
  const sized = (width: number, height: number) => ({ page: 4, width, height });

  it('keeps the resolution of a page whose drawing fits the pixel budget', () => {
    expect(drawingDpi(sized(595, 842), 300, 40_000_000)).toBe(300);
  });

  it('draws a poster-sized page at the finest resolution that fits, down to 150 dpi', () => {
    const dpi = drawingDpi(sized(2384, 3370), 200, 40_000_000); // A0: 6,622 × 9,361 pixels at 200 dpi
    expect(dpi).toBe(160);
    expect(Math.ceil((2384 * dpi) / 72) * Math.ceil((3370 * dpi) / 72)).toBeLessThanOrEqual(40_000_000);
  });

  it('fails a page too large even at 150 dpi with FILE_TOO_LARGE, naming it', () => {
    expect(() => drawingDpi(sized(5000, 5000), 200, 40_000_000)).toThrow(
      expect.objectContaining({
        code: 'FILE_TOO_LARGE',
        message: expect.stringMatching(/^Page 4, drawn for OCR at 150 dpi, is 10,417 × 10,417 pixels \(109 million pixels\)/),
      }),
    );
  });
});
