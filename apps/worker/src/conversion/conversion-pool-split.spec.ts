import type { FormatOptions } from '@docformat/contracts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { InterruptedError } from '../shutdown/interrupted.error';
import { ConversionPool, type ConversionPoolOptions, type TaskRan } from './conversion-pool';
import type { ConversionTaskInput } from './conversion-task.types';
import { RUN_TYPESCRIPT } from '@docformat/testing/typescript';

const FIXTURES = join(__dirname, '../../../../libs/converters/fixtures');
const MISBEHAVING_PARTS = join(__dirname, '../../test/support/split-parts.task.ts');
/** One page per part: the 4-page fixture becomes four parts, as a long PDF becomes several. */
const ONE_PAGE_PARTS = { minPartPages: 1, maxPartPages: 1 };
const TEST_TIMEOUT_MS = 120_000;

function pdfTask(name: string, options: FormatOptions = {}): ConversionTaskInput {
  return {
    bytes: readFileSync(join(FIXTURES, name)),
    fileName: name,
    contentType: 'application/pdf',
    formats: ['text', 'markdown'],
    maxPages: 100,
    options,
    ocrParallelism: 2,
  };
}

function newPool(options: Partial<ConversionPoolOptions> = {}): ConversionPool {
  return new ConversionPool({
    threads: 2,
    maxMemoryMb: 512,
    timeoutMs: 60_000,
    execArgv: RUN_TYPESCRIPT,
    env: process.env,
    pdfSplit: ONE_PAGE_PARTS,
    ...options,
  });
}

let split: ConversionPool;
let whole: ConversionPool;
let tasks: TaskRan[];

beforeAll(() => {
  tasks = [];
  split = newPool({ onTask: (event) => tasks.push(event) });
  whole = newPool({ pdfSplit: false });
});

afterAll(async () => {
  await split?.close();
  await whole?.close();
});

beforeEach(() => (tasks = []));

describe('ConversionPool: one long PDF on several threads', () => {
  it(
    'splits a long PDF into parts that run on different threads, and gives the unsplit result',
    async () => {
      const expected = await whole.convert(pdfTask('sample.pdf'));
      const result = await split.convert(pdfTask('sample.pdf'));
      expect(result).toEqual({ ...expected, thread: result.thread });
      expect(result.outputs['markdown']?.body).toContain('# Document Conversion Handbook');
      expect(tasks.map((task) => task.kind)).toEqual(['pdf-part', 'pdf-part', 'pdf-part', 'pdf-part', 'pdf-assemble']);
      expect(new Set(tasks.filter((task) => task.kind === 'pdf-part').map((task) => task.threadId)).size).toBe(2);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'gives the unsplit result for page selections and page markers',
    async () => {
      for (const options of [{ pages: '2-4' }, { pages: '1,3-', pageMarkers: true }, { pageMarkers: true }] as FormatOptions[]) {
        const expected = await whole.convert(pdfTask('sample.pdf', options));
        const result = await split.convert(pdfTask('sample.pdf', options));
        expect(result).toEqual({ ...expected, thread: result.thread });
      }
      expect(tasks.filter((task) => task.kind === 'pdf-assemble')).toHaveLength(3);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'OCRs the scanned pages of every part and merges what it says about them',
    async () => {
      // That the parts' OCR adds up to the whole conversion's, pdf-parts.spec.ts
      // proves in one thread; this is the same through the pool's threads and OCR broker.
      const result = await split.convert(pdfTask('scanned/scanned-report.pdf'));
      expect(result.ocr?.pages).toEqual([1, 2, 3]);
      expect(result.outputs['markdown']?.body).toMatch(/^#+ Output Formats$/m);
      expect(result.outputs['text']?.body).toContain('Document Conversion Handbook');
      expect(tasks.map((task) => task.kind)).toEqual(['pdf-part', 'pdf-part', 'pdf-part', 'pdf-assemble']);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'converts a short PDF and other documents in one task, as without splitting',
    async () => {
      const result = await split.convert(pdfTask('pdf-html/aligned-table.pdf'));
      expect(result).toEqual({ ...(await whole.convert(pdfTask('pdf-html/aligned-table.pdf'))), thread: result.thread });
      await split.convert({ ...pdfTask('sample.md'), contentType: 'text/markdown' });
      expect(tasks.map((task) => task.kind)).toEqual(['convert', 'convert']);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'completes more split PDFs than there are threads, converted at once (no task waits for another)',
    async () => {
      const expected = await whole.convert(pdfTask('sample.pdf'));
      const results = await Promise.all(Array.from({ length: 6 }, () => split.convert(pdfTask('sample.pdf'))));
      for (const result of results) expect(result.outputs).toEqual(expected.outputs);
      expect(tasks.filter((task) => task.kind === 'pdf-assemble')).toHaveLength(6);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'counts the whole selection against MAX_PAGES once',
    async () => {
      await expect(split.convert({ ...pdfTask('sample.pdf'), maxPages: 3 })).rejects.toMatchObject({ code: 'TOO_MANY_PAGES' });
      const selected = await split.convert({ ...pdfTask('sample.pdf', { pages: '1-3' }), maxPages: 3 });
      expect(selected.pagesConverted).toEqual([1, 2, 3]);
    },
    TEST_TIMEOUT_MS,
  );
});

describe('ConversionPool: the limits of a split PDF hold for all its parts', () => {
  const misbehaving = (behaviour: string, options: Partial<ConversionPoolOptions> = {}) =>
    newPool({ filename: MISBEHAVING_PARTS, env: { ...process.env, SPLIT_PARTS: behaviour }, ...options });

  it(
    'stops every part at CONVERSION_TIMEOUT_MS, and the pool goes on',
    async () => {
      // Whenever the limit strikes, every part still running is stopped with its thread:
      // the first part too, should a loaded machine still be reading it then.
      const pool = misbehaving('hang', { timeoutMs: 5_000 });
      try {
        const before = pool.threadIds();
        await expect(pool.convert(pdfTask('sample.pdf'))).rejects.toMatchObject({ code: 'CONVERSION_TIMEOUT' });
        // The pool keeps one idle thread: a new one stands where the stuck ones were.
        await waitFor(() => pool.threadIds().length > 0 && before.every((id) => !pool.threadIds().includes(id)));
        expect(pool.threadIds().filter((id) => before.includes(id))).toEqual([]);
        const after = await pool.convert(pdfTask('pdf-html/aligned-table.pdf'));
        expect(after.outputs['text']?.body).not.toBe('');
      } finally {
        await pool.close();
      }
    },
    TEST_TIMEOUT_MS,
  );

  it.each([
    ['fails', 'CORRUPT_DOCUMENT', 'fail', {}],
    ['runs out of memory', 'FILE_TOO_LARGE', 'oom', { maxMemoryMb: 256 }],
  ])(
    'fails the conversion as the unsplit conversion would when a part %s (%s)',
    async (_what, code, behaviour, options) => {
      const pool = misbehaving(behaviour, options);
      try {
        await expect(pool.convert(pdfTask('sample.pdf'))).rejects.toMatchObject({ code });
      } finally {
        await pool.close();
      }
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'interrupts every part when the caller’s signal (shutdown) aborts',
    async () => {
      const pool = misbehaving('hang');
      const shutdown = new AbortController();
      try {
        const conversion = pool.convert(pdfTask('sample.pdf'), shutdown.signal);
        // Parts hang: the conversion can only end by the signal.
        setTimeout(() => shutdown.abort(), 1_000);
        await expect(conversion).rejects.toBeInstanceOf(InterruptedError);
      } finally {
        await pool.close();
      }
    },
    TEST_TIMEOUT_MS,
  );
});

/** Polls a condition that follows an event by a few milliseconds (a thread replaced); gives up after `timeoutMs`. */
async function waitFor(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
}
