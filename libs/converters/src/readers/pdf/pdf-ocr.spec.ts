import { convertText } from '../../testing/convert-text';
import { terminateOcr } from '../../ocr/ocr-engine';
import { fixture } from '../../testing/fixtures';
import { conversionOptions } from '../../conversion-options';
import { ocrPdfPages } from './ocr-pages';
import { openPdf } from './pdf-document';
import { readPage } from './pdf-page-text';

const OCR_TIMEOUT = 120_000;

const convert = (name: string, options: Record<string, unknown> = {}) =>
  convertText({
    bytes: fixture(name),
    contentType: 'application/pdf',
    fileName: name,
    formats: ['markdown', 'text'],
    maxPages: 20,
    options,
    ocrParallelism: 2,
  });

afterAll(() => terminateOcr());

describe('PDF pages read by OCR', () => {
  it(
    'auto: OCRs only the scanned page of a PDF that mixes a text layer and a scan',
    async () => {
      const result = await convert('scanned/mixed-text-and-scan.pdf', { pageMarkers: true });
      expect(result.pages).toBe(2);
      expect(result.ocr?.pages).toEqual([2]);
      expect(result.ocr?.meanConfidence).toBeGreaterThan(80);
      const [, first, second] = result.outputs.markdown.split(/<!-- page \d -->/);
      expect(first).toContain('Document Conversion Handbook');
      // Page 2 of sample.pdf: its table and its heading, from pixels.
      expect(second).toMatch(/^#+ Output Formats$/m);
      expect(second).toMatch(/\| text \| text\/plain \|/);
      expect(result.warnings).toEqual([]);
    },
    OCR_TIMEOUT,
  );

  it(
    'a page selection OCRs only the selected scanned pages',
    async () => {
      const result = await convert('scanned/scanned-report.pdf', { pages: '3' });
      expect(result.pages).toBe(3);
      expect(result.pagesConverted).toEqual([3]);
      expect(result.ocr?.pages).toEqual([3]);
      expect(result.outputs.text).not.toContain('Supported Inputs');
    },
    OCR_TIMEOUT,
  );

  it(
    'force: OCRs a page that has a text layer, and reads the same words',
    async () => {
      const layer = await convert('sample.pdf', { pages: '1' });
      const forced = await convert('sample.pdf', { pages: '1', ocr: 'force' });
      expect(layer.ocr).toBeUndefined();
      expect(forced.ocr?.pages).toEqual([1]);
      for (const word of ['Document', 'Conversion', 'Handbook', 'Supported', 'Inputs', 'intermediate'])
        expect(forced.outputs.text).toContain(word);
    },
    OCR_TIMEOUT,
  );

  it('off: a scan gives no text and says so', async () => {
    const result = await convert('scanned/scanned-report.pdf', { ocr: 'off' });
    expect(result.ocr).toBeUndefined();
    expect(result.outputs.text).toBe('');
    expect(result.warnings.map((warning) => warning.code)).toEqual(['NO_TEXT_FOUND']);
  });

  it(
    "reads a scan from the image the file stores, without drawing the page, and places its words on the page (img2pdf's centred scan)",
    async () => {
      const pdf = await openPdf(fixture('scanned/scanned-report.pdf'));
      try {
        const texts = [];
        for (let page = 1; page <= pdf.pageCount; page++) texts.push((await readPage(pdf.pdfjs, pdf.document, page)).text);
        const screenshot = jest.spyOn(pdf, 'screenshot');
        const storedImage = jest.spyOn(pdf, 'storedImage');
        const { pages } = await ocrPdfPages(pdf, texts, conversionOptions({}, { ocrParallelism: 2 }));
        expect(screenshot).not.toHaveBeenCalled();
        expect(storedImage).toHaveBeenCalledTimes(3);
        for (const [index, page] of pages.entries()) {
          expect(page).toMatchObject({ width: texts[index].width, height: texts[index].height });
          expect(page.items.length).toBeGreaterThan(20);
          // The scan starts 2.4 pt below the page's top edge: no word above it.
          expect(Math.min(...page.items.map((item) => item.y - item.size))).toBeGreaterThan(2.4);
          expect(Math.max(...page.items.map((item) => item.y))).toBeLessThan(texts[index].height);
        }
        expect(pages[0].items.map((item) => item.text).join(' ')).toMatch(/Document Conversion/);
      } finally {
        await pdf.close();
      }
    },
    OCR_TIMEOUT,
  );

  it(
    'draws a page whose stored image Tesseract cannot read (damaged image data), and reads the drawing',
    async () => {
      const pdf = await openPdf(fixture('scanned/scanned-report.pdf'));
      try {
        const texts = [(await readPage(pdf.pdfjs, pdf.document, 1)).text];
        const screenshot = jest.spyOn(pdf, 'screenshot');
        const damaged = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 0x55)]);
        jest.spyOn(pdf, 'storedImage').mockResolvedValue(damaged);
        const { pages } = await ocrPdfPages(pdf, texts, conversionOptions({}, { ocrParallelism: 1 }));
        expect(screenshot).toHaveBeenCalledTimes(1);
        expect(pages[0].items.map((item) => item.text).join(' ')).toMatch(/Document Conversion/);
      } finally {
        await pdf.close();
      }
    },
    OCR_TIMEOUT,
  );
});
