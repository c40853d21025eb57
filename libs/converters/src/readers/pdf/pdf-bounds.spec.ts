import { pdfImageBomb, pdfPageBomb } from '@docformat/file-types/testing';
import { terminateOcr } from '../../ocr/ocr-engine';
import { takeNativePeak } from '../../ocr/native-memory';
import { convertText } from '../../testing/convert-text';
import { failureCode } from '../../testing/fixtures';

const OCR_TIMEOUT = 60_000;
const convertPdf = (bytes: Buffer) => convertText({ bytes, contentType: 'application/pdf', formats: ['text'], maxPages: 1 });

afterAll(() => terminateOcr());

describe('PDF reader: pages drawn for OCR within the pixel budget', () => {
  it(
    'fails a page of 4,000 × 4,000 points, 69 million pixels even at 150 dpi, with FILE_TOO_LARGE before drawing it',
    async () => {
      expect(await failureCode(convertPdf(pdfPageBomb(4000, 4000)))).toBe('FILE_TOO_LARGE');
    },
    OCR_TIMEOUT,
  );

  it(
    'draws a page of 2,000 × 2,000 points at the finest resolution that fits, and counts its canvas as native memory',
    async () => {
      takeNativePeak();
      const result = await convertPdf(pdfPageBomb(2000, 2000)); // 200 dpi: 31 million pixels
      expect(result.warnings.map((warning) => warning.code)).toEqual(['NO_TEXT_FOUND']);
      expect(takeNativePeak()).toBeGreaterThanOrEqual(5556 * 5556 * 4);
    },
    OCR_TIMEOUT,
  );

  it('leaves a picture over the budget out undecoded: its page puts no ink down then, and is not read by OCR', async () => {
    takeNativePeak();
    const result = await convertPdf(pdfImageBomb(8000, 8000)); // 64 million pixels
    expect(result.warnings.map((warning) => warning.code)).toEqual(['NO_TEXT_FOUND']);
    expect(result.ocr).toBeUndefined();
    expect(takeNativePeak()).toBeLessThan(8000 * 8000);
  });
});
