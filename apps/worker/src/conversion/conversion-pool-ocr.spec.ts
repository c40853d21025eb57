import { type OcrEngines, localOcrEngines, terminateOcr } from '@docformat/converters';
import { threadId } from 'node:worker_threads';
import { ocrImageTask } from '../../test/support/fixtures';
import { ConversionPool } from './conversion-pool';
import { RUN_TYPESCRIPT } from '@docformat/testing/typescript';

const OCR_TIMEOUT_MS = 120_000;

function newPool(ocrEngines: OcrEngines, timeoutMs = 60_000): ConversionPool {
  return new ConversionPool({ threads: 2, maxMemoryMb: 512, timeoutMs, execArgv: RUN_TYPESCRIPT, env: process.env, ocrEngines });
}

afterAll(() => terminateOcr());

describe('ConversionPool: OCR engines shared by the process', () => {
  it(
    'serves both threads’ OCR from engines in the main thread',
    async () => {
      const callers = new Set<number>();
      let calls = 0;
      // The real engines, seen from the main thread: the calls arrive here, not in the conversion threads.
      const counting: OcrEngines = {
        recognize: (image, request, signal) => {
          calls++;
          callers.add(threadId);
          return localOcrEngines.recognize(image, request, signal);
        },
        detectOrientation: (image, request, signal) => {
          calls++;
          return localOcrEngines.detectOrientation(image, request, signal);
        },
      };
      const pool = newPool(counting);
      try {
        const [report, table] = await Promise.all([pool.convert(ocrImageTask('report.png')), pool.convert(ocrImageTask('table.png'))]);
        expect(report.outputs['text']?.body).toContain('Quarterly Report');
        expect(table.outputs['text']?.body).toContain('Melbourne');
        expect(new Set(pool.threadIds()).size).toBe(2);
        expect(calls).toBeGreaterThanOrEqual(2);
        expect([...callers]).toEqual([threadId]); // the main thread's
      } finally {
        await pool.close();
      }
    },
    OCR_TIMEOUT_MS,
  );

  it(
    'cuts short the OCR of a conversion killed at its time limit, so no engine stays taken',
    async () => {
      let seen: AbortSignal | undefined;
      // An engine that never finishes a page until told to stop: "hung" by a signal, not by a clock.
      const hanging: OcrEngines = {
        recognize: (_image, _request, signal) => {
          seen = signal;
          return new Promise((_, reject) => signal?.addEventListener('abort', () => reject(signal.reason)));
        },
        detectOrientation: async () => ({ degrees: 0, confidence: 99 }),
      };
      // Long enough for a fresh thread on a loaded machine to load the image reader and
      // reach the engine; the engine never answers, so the limit is always what ends it.
      const pool = newPool(hanging, 10_000);
      try {
        await expect(pool.convert(ocrImageTask('report.png'))).rejects.toMatchObject({ code: 'CONVERSION_TIMEOUT' });
        expect(seen).toBeDefined();
        for (const until = Date.now() + 5_000; !seen?.aborted && Date.now() < until;)
          await new Promise((resolve) => setTimeout(resolve, 10));
        expect(seen?.aborted).toBe(true);
      } finally {
        await pool.close();
      }
    },
    OCR_TIMEOUT_MS,
  );
});
