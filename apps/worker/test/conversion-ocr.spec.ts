import { fixture } from './support/fixtures';
import { useWorkerSuite } from './support/harness';

/**
 * Scanned documents through the real queue, Postgres and conversion threads: the
 * OCR path (tesseract.js with the language data from npm, nothing downloaded) as a
 * deployment runs it.
 */
const suite = useWorkerSuite('ocr', (origin) => {
  origin.route('/scan.pdf', { body: fixture('scanned/scanned-report.pdf'), contentType: 'application/pdf' });
  origin.route('/blank.pdf', { body: fixture('scanned/blank-scan.pdf'), contentType: 'application/pdf' });
  origin.route('/photo.jpg', { body: fixture('ocr/photo.jpg'), contentType: 'image/jpeg' });
});

const OCR_TIMEOUT_MS = 120_000;

describe('a worker converting scanned documents', () => {
  it(
    "reads a scanned PDF by OCR into structured markdown, and says which pages were OCR'd",
    async () => {
      const id = await suite.client.submit(suite.origin.url('/scan.pdf'), ['markdown', 'text'], { pageMarkers: true });
      const job = await suite.client.waitForTerminal(id, OCR_TIMEOUT_MS);
      expect(job).toMatchObject({ status: 'COMPLETED', pages: 3, errorCode: null });
      const result = job.result as { ocr?: { pages: number[]; meanConfidence: number }; warnings: unknown[] };
      expect(result.ocr?.pages).toEqual([1, 2, 3]);
      expect(result.ocr?.meanConfidence).toBeGreaterThan(70);
      expect(result.warnings).toEqual([]);
      const markdown = job.outputs.find((o) => o.format === 'markdown')?.content ?? '';
      expect(markdown).toContain('<!-- page 2 -->');
      expect(markdown).toMatch(/^#+ .*Document Conversion/m);
      expect(markdown).toContain('Supported Inputs');
    },
    OCR_TIMEOUT_MS + 10_000,
  );

  it(
    'reads a phone photo of a page into a heading and a paragraph',
    async () => {
      const id = await suite.client.submit(suite.origin.url('/photo.jpg'), ['markdown']);
      const job = await suite.client.waitForTerminal(id, OCR_TIMEOUT_MS);
      expect(job).toMatchObject({ status: 'COMPLETED', pages: 1 });
      expect(job.result).toMatchObject({ mimeType: 'image/jpeg', ocr: { pages: [1] }, warnings: [] });
      const markdown = job.outputs[0]?.content ?? '';
      expect(markdown).toMatch(/^# Meeting Minutes$/m);
      expect(markdown).toContain('twelve cherry trees along the western fence');
    },
    OCR_TIMEOUT_MS + 10_000,
  );

  it(
    'completes a blank scan with a NO_TEXT_FOUND warning instead of a silent empty output',
    async () => {
      const id = await suite.client.submit(suite.origin.url('/blank.pdf'), ['text']);
      const job = await suite.client.waitForTerminal(id, OCR_TIMEOUT_MS);
      expect(job.status).toBe('COMPLETED');
      const result = job.result as { ocr?: { pages: number[] }; warnings: Array<{ code: string; message: string }> };
      expect(result.ocr?.pages).toEqual([1]);
      expect(result.warnings).toEqual([{ code: 'NO_TEXT_FOUND', message: expect.stringContaining('No text was found') }]);
    },
    OCR_TIMEOUT_MS + 10_000,
  );

  it('with OCR off, a scan completes with the warning and no OCR', async () => {
    const id = await suite.client.submit(suite.origin.url('/scan.pdf'), ['text'], { ocr: 'off' });
    const job = await suite.client.waitForTerminal(id, OCR_TIMEOUT_MS);
    expect(job.status).toBe('COMPLETED');
    const result = job.result as { ocr?: unknown; warnings: Array<{ code: string; message: string }> };
    expect(result.ocr).toBeUndefined();
    expect(result.warnings[0]).toMatchObject({ code: 'NO_TEXT_FOUND', message: expect.stringContaining('"ocr": "off"') });
  });
});
