import { terminateOcr } from '@docformat/converters';
import { pdfImageBomb } from '@docformat/file-types/testing';
import { fixture, ocrImageTask } from '../../test/support/fixtures';
import { waitFor } from '@docformat/testing';
import { ConversionPool, type ConversionPoolOptions, type ThreadRecycled } from './conversion-pool';
import { type ConversionTaskInput, plainTextTask } from './conversion-task.types';
import { RUN_TYPESCRIPT } from '@docformat/testing/typescript';

const text = plainTextTask;
afterAll(() => terminateOcr());

function newPool(
  threads: number,
  recycle: Pick<ConversionPoolOptions, 'maxTasksPerThread' | 'recycleRssMb' | 'keepHeldMb' | 'onTask'>,
  recycled: ThreadRecycled[],
): ConversionPool {
  return new ConversionPool({
    threads,
    maxMemoryMb: 256,
    timeoutMs: 60_000,
    execArgv: RUN_TYPESCRIPT,
    env: process.env,
    ...recycle,
    onRecycle: (event) => recycled.push(event),
  });
}

describe('ConversionPool: thread recycling', () => {
  it('replaces a thread after CONVERSION_MAX_TASKS_PER_THREAD conversions, and every conversion completes', async () => {
    const recycled: ThreadRecycled[] = [];
    const pool = newPool(1, { maxTasksPerThread: 2 }, recycled);
    try {
      const seen: number[][] = [];
      for (let i = 0; i < 5; i++) {
        const result = await pool.convert(text(`document ${i}`));
        expect(result.outputs['text']?.body).toBe(`document ${i}\n`);
        seen.push(pool.threadIds());
      }
      // Tasks 1-2 on the first thread, 3-4 on the second, 5 on the third.
      expect(recycled.map((event) => [event.reason, event.tasks])).toEqual([
        ['tasks', 2],
        ['tasks', 2],
      ]);
      expect(new Set(recycled.map((event) => event.threadId)).size).toBe(2);
      expect(seen[4]).not.toContain(recycled[1].threadId);
    } finally {
      await pool.close();
    }
  }, 120_000);

  it('completes conversions queued while a thread is being replaced', async () => {
    const recycled: ThreadRecycled[] = [];
    const pool = newPool(2, { maxTasksPerThread: 1 }, recycled);
    try {
      const results = await Promise.all(Array.from({ length: 8 }, (_, i) => pool.convert(text(`queued ${i}`))));
      expect(results.map((result) => result.outputs['text']?.body)).toEqual(Array.from({ length: 8 }, (_, i) => `queued ${i}\n`));
      // The last thread is retired once its result is back, a moment after it.
      await waitFor(() => recycled.length === 8, 10_000, 20);
      expect(recycled).toHaveLength(8);
      expect(recycled.every((event) => event.reason === 'tasks' && event.tasks === 1)).toBe(true);
      // piscina keeps one thread started; the next starts when a task finds none idle, never beyond the pool's two.
      expect(pool.threadIds().length).toBeGreaterThanOrEqual(1);
      expect(pool.threadIds().length).toBeLessThanOrEqual(2);
    } finally {
      await pool.close();
    }
  }, 120_000);

  it('replaces the thread that finished a job while the process is above WORKER_MAX_RSS_MB', async () => {
    const recycled: ThreadRecycled[] = [];
    // Any process is above 64 MB, and every thread holds more than nothing: each is replaced after each job.
    const pool = newPool(1, { recycleRssMb: 64, keepHeldMb: 0 }, recycled);
    try {
      const first = pool.threadIds();
      expect((await pool.convert(text('one'))).outputs['text']?.body).toBe('one\n');
      expect((await pool.convert(text('two'))).outputs['text']?.body).toBe('two\n');
      expect(recycled.map((event) => event.reason)).toEqual(['memory', 'memory']);
      expect(recycled[0].threadId).toBe(first[0]);
      expect(recycled[0].rssMb).toBeGreaterThan(64);
    } finally {
      await pool.close();
    }
  }, 120_000);
});

describe('ConversionPool: which thread is replaced above the memory mark', () => {
  it('keeps a thread that holds little: the process is above the mark because of the others', async () => {
    const recycled: ThreadRecycled[] = [];
    const held: number[] = [];
    const onTask: ConversionPoolOptions['onTask'] = (event) => held.push(event.heapMb + event.externalMb);
    const pool = newPool(1, { recycleRssMb: 64, keepHeldMb: 1024, onTask }, recycled);
    try {
      const first = pool.threadIds();
      for (const word of ['one', 'two', 'three']) expect((await pool.convert(text(word))).outputs['text']?.body).toBe(`${word}\n`);
      expect(held.every((mb) => mb > 0 && mb <= 1024)).toBe(true);
      expect(recycled).toEqual([]);
      expect(pool.threadIds()).toEqual(first);
    } finally {
      await pool.close();
    }
  }, 120_000);

  it('replaces a thread that prepared an image for OCR, however little its heap holds', async () => {
    const recycled: ThreadRecycled[] = [];
    const pool = newPool(1, { recycleRssMb: 64, keepHeldMb: 1024 }, recycled);
    try {
      const first = pool.threadIds();
      // The canvas that decoded the image holds memory no heap figure shows.
      expect((await pool.convert(ocrImageTask('report.png'))).outputs['text']?.body).toContain('Quarterly Report');
      await waitFor(() => recycled.length === 1, 10_000, 20);
      expect(recycled.map((event) => [event.threadId, event.reason])).toEqual([[first[0], 'memory']]);
      expect((recycled[0]?.heapMb ?? Infinity) + (recycled[0]?.externalMb ?? Infinity)).toBeLessThanOrEqual(1024);
      // Its replacement converts text only: it is kept.
      expect((await pool.convert(text('after'))).outputs['text']?.body).toBe('after\n');
      expect(recycled).toHaveLength(1);
      expect(pool.threadIds()).not.toContain(first[0]);
    } finally {
      await pool.close();
    }
  }, 180_000);

  it('replaces a thread whose job decoded big pictures, with OCR off: native memory no heap figure shows', async () => {
    const recycled: ThreadRecycled[] = [];
    const pool = newPool(1, { recycleRssMb: 64, keepHeldMb: 150 }, recycled);
    const pdf = (bytes: Buffer): ConversionTaskInput => ({
      ...plainTextTask(''),
      bytes,
      contentType: 'application/pdf',
      maxPages: 10,
      options: { ocr: 'off' },
    });
    try {
      const first = pool.threadIds();
      // A text PDF: pdf.js loaded, a small heap, no picture. Kept.
      expect((await pool.convert(pdf(fixture('sample.pdf')))).outputs['text']?.body).toContain('Document Conversion Handbook');
      expect(recycled).toEqual([]);
      // One page painting a 6,000 × 6,000 picture: pdf.js decodes it (137 MB) to read the page, then lets it go.
      await pool.convert(pdf(pdfImageBomb(6000, 6000)));
      await waitFor(() => recycled.length === 1, 10_000, 20);
      expect(recycled[0]).toMatchObject({ threadId: first[0], reason: 'memory' });
      expect(recycled[0].imagesMb).toBeGreaterThanOrEqual(137);
      expect((recycled[0].heapMb ?? Infinity) + (recycled[0].externalMb ?? Infinity)).toBeLessThanOrEqual(150);
    } finally {
      await pool.close();
    }
  }, 120_000);
});
