import { waitFor } from '@docformat/testing';
import { ConversionPool, type TaskRan, type ThreadRecycled } from './conversion-pool';
import { hundredPagesTask } from '../../test/support/fixtures';
import { plainTextTask } from './conversion-task.types';
import { RUN_TYPESCRIPT } from '@docformat/testing/typescript';

const TEST_TIMEOUT_MS = 180_000;

/** Forty pages: more than two parts' worth, so a pool of two threads splits it over both. */
const longPdf = hundredPagesTask({ options: { pages: '1-40' } });

function newPool(tasks: TaskRan[], recycled: ThreadRecycled[]): ConversionPool {
  return new ConversionPool({
    threads: 2,
    maxMemoryMb: 512,
    timeoutMs: 120_000,
    execArgv: RUN_TYPESCRIPT,
    env: process.env,
    pdfSplit: { minPartPages: 8, maxPartPages: 16 },
    onTask: (event) => tasks.push(event),
    onRecycle: (event) => recycled.push(event),
  });
}

describe('ConversionPool: its share of the cores (setShare)', () => {
  it(
    'runs no more tasks at once than its share, and splits no PDF over a share of one',
    async () => {
      const [tasks, recycled]: [TaskRan[], ThreadRecycled[]] = [[], []];
      const pool = newPool(tasks, recycled);
      pool.setShare(1);
      try {
        const [pdf, text] = await Promise.all([pool.convert(longPdf), pool.convert(plainTextTask('beside it'))]);
        expect(String(pdf.outputs['text']?.body).length).toBeGreaterThan(5_000);
        expect(text.outputs['text']?.body).toBe('beside it\n');
        expect(tasks.map((task) => task.kind)).toEqual(['convert', 'convert']);
        const [first, second] = [...tasks].sort((a, b) => a.startedAt - b.startedAt);
        // One after the other, never side by side (the threads share one clock).
        expect(second?.startedAt).toBeGreaterThanOrEqual((first?.startedAt ?? Infinity) + (first?.ranMs ?? 0) - 1);
        expect(pool.threadIds()).toHaveLength(1);
      } finally {
        await pool.close();
      }
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'ends the idle threads beyond a smaller share, and starts them again for a larger one',
    async () => {
      const [tasks, recycled]: [TaskRan[], ThreadRecycled[]] = [[], []];
      const pool = newPool(tasks, recycled);
      try {
        await pool.convert(longPdf);
        expect(new Set(tasks.filter((task) => task.kind === 'pdf-part').map((task) => task.threadId)).size).toBe(2);
        expect(pool.threadIds()).toHaveLength(2);

        pool.setShare(1);
        expect(recycled.map((event) => event.reason)).toEqual(['surplus']);
        await waitFor(() => pool.threadIds().length === 1, 10_000, 20);
        expect(pool.threadIds()).toHaveLength(1);

        tasks.length = 0;
        pool.setShare(2);
        const again = await pool.convert(longPdf);
        expect(String(again.outputs['text']?.body).length).toBeGreaterThan(5_000);
        expect(new Set(tasks.filter((task) => task.kind === 'pdf-part').map((task) => task.threadId)).size).toBe(2);
        expect(recycled).toHaveLength(1);
      } finally {
        await pool.close();
      }
    },
    TEST_TIMEOUT_MS,
  );
});
