import { fixture } from './support/fixtures';
import { useWorkerSuite } from './support/harness';

/**
 * Languages through the real queue, Postgres and conversion threads: the detected
 * languages every completed job's result carries, and OCR that picks the language data
 * of a scan itself (`languages: ["auto"]`).
 */
const suite = useWorkerSuite('languages', (origin) => {
  origin.route('/cp.de.pdf', { body: fixture('languages/cp.de.pdf'), contentType: 'application/pdf' });
  origin.route('/scan-it.png', { body: fixture('languages/scan-it.png'), contentType: 'image/png' });
});

const OCR_TIMEOUT_MS = 120_000;

interface LanguagesResult {
  detectedLanguages?: Array<{ code: string; share: number }>;
  ocr?: { pages: number[]; meanConfidence: number };
}

describe('a worker detecting languages', () => {
  it('gives the detected languages of a German document in the result', async () => {
    const id = await suite.client.submit(suite.origin.url('/cp.de.pdf'), ['markdown']);
    const job = await suite.client.waitForTerminal(id, 60_000);
    expect(job).toMatchObject({ status: 'COMPLETED', pages: 3 });
    const { detectedLanguages } = job.result as LanguagesResult;
    expect(detectedLanguages?.[0]).toEqual({ code: 'de', share: expect.any(Number) });
    expect(detectedLanguages?.[0].share).toBeGreaterThan(0.8);
    expect(job.outputs[0]?.content).toContain('Dateien');
  });

  it(
    'reads an Italian scan with languages ["auto"]: first in English, then again with the Italian data',
    async () => {
      const auto = await suite.client.submit(suite.origin.url('/scan-it.png'), ['text'], { languages: ['auto'] });
      const english = await suite.client.submit(suite.origin.url('/scan-it.png'), ['text'], { languages: ['eng'] });
      const [read, readInEnglish] = await Promise.all([
        suite.client.waitForTerminal(auto, OCR_TIMEOUT_MS),
        suite.client.waitForTerminal(english, OCR_TIMEOUT_MS),
      ]);
      expect(read.status).toBe('COMPLETED');
      const result = read.result as LanguagesResult;
      expect(result.detectedLanguages).toEqual([{ code: 'it', share: expect.any(Number) }]);
      const text = read.outputs[0]?.content ?? '';
      // Italian words with accents, which the Italian data reads and English data may not.
      expect(text).toContain('può essere una combinazione qualsiasi');
      expect(text).toContain('verrà ignorata la variabile');
      expect(result.ocr?.meanConfidence).toBeGreaterThanOrEqual((readInEnglish.result as LanguagesResult).ocr?.meanConfidence ?? 100);
    },
    OCR_TIMEOUT_MS + 10_000,
  );
});
