import { JobFailure } from '@docformat/contracts';
import type { PdfPagesRead, PdfSplitPlan } from '@docformat/converters';
import type { ConversionTaskInput, ConversionTaskSuccess, TaskInput, TaskSuccess } from './conversion-task.types';
import { packPart, unpackPart } from './part-transfer';
import { type RunTask, SplitTaskRunner } from './split-task-runner';

const POLICY = { threads: 2, minPartPages: 1, maxPartPages: 1 };
const PLAN: PdfSplitPlan = { pageCount: 3, metadata: {}, wanted: [1, 2, 3], headingHints: [], parts: [[1], [2], [3]] };

const input: ConversionTaskInput = {
  bytes: Buffer.from('%PDF-'),
  fileName: null,
  contentType: null,
  formats: ['text'],
  maxPages: 10,
  options: {},
  ocrParallelism: 1,
};

/** A part that says which pages it is, in its OCR list (what the fake assembly reads back). */
const part = (pages: number[]): Uint8Array =>
  packPart({ pages: [], ocr: pages.map((page) => ({ page, confidence: 0 })), headingHints: [] } satisfies PdfPagesRead);

const whole = (text: string): ConversionTaskSuccess => ({
  ok: true,
  pages: 3,
  outputs: { text: { mediaType: 'text/plain; charset=utf-8', body: text } },
  metadata: {},
  warnings: [],
  detectedLanguages: [],
});

/** The fake assembly writes the pages of the parts it got, in the order it got them. */
function assembled(task: TaskInput): ConversionTaskSuccess {
  if (task.kind !== 'pdf-assemble') throw new Error('not an assembly');
  return whole(task.parts.flatMap((packed) => (unpackPart(packed) as PdfPagesRead).ocr.map((page) => page.page)).join(','));
}

const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('SplitTaskRunner', () => {
  it('queues the other parts on the announcement and assembles every part in plan order, whatever order they finish in', async () => {
    const kinds: string[] = [];
    let firstDone = false;
    const startedAfterFirst: boolean[] = [];
    const runTask: RunTask = async (task) => {
      kinds.push(task.kind ?? 'convert');
      if (task.kind === 'pdf-part') {
        startedAfterFirst.push(firstDone);
        await later(task.pages[0] === 2 ? 60 : 10); // part 2 finishes last
        return { ok: true, kind: 'pdf-part', part: part(task.pages) };
      }
      if (task.kind === 'pdf-assemble') return assembled(task);
      task.split?.planPort.postMessage(PLAN);
      await later(30);
      firstDone = true;
      return { ok: true, kind: 'pdf-part', part: part([1]), plan: PLAN };
    };
    const result = await new SplitTaskRunner(runTask, () => undefined).convert(input, POLICY);
    expect(result.outputs['text']?.body).toBe('1,2,3');
    expect(startedAfterFirst).toEqual([false, false]);
    expect(kinds).toEqual(['convert', 'pdf-part', 'pdf-part', 'pdf-assemble']);
  });

  it('starts the parts from the first result when it overtakes the announcement', async () => {
    const runTask: RunTask = async (task) => {
      if (task.kind === 'pdf-part') return { ok: true, kind: 'pdf-part', part: part(task.pages) };
      if (task.kind === 'pdf-assemble') return assembled(task);
      return { ok: true, kind: 'pdf-part', part: part([1]), plan: PLAN };
    };
    expect((await new SplitTaskRunner(runTask, () => undefined).convert(input, POLICY)).outputs['text']?.body).toBe('1,2,3');
  });

  it('returns a whole conversion as it is', async () => {
    const runTask: RunTask = async () => whole('short');
    expect(await new SplitTaskRunner(runTask, () => undefined).convert(input, POLICY)).toEqual(whole('short'));
  });

  it('fails with the first failure of any part, stops the others once, and never assembles', async () => {
    const stop = new AbortController();
    const abort = jest.fn(() => stop.abort());
    const kinds: string[] = [];
    const runTask: RunTask = (task): Promise<TaskSuccess> => {
      kinds.push(task.kind ?? 'convert');
      if (task.kind === 'pdf-part' && task.pages[0] === 2)
        return later(10).then(() => Promise.reject(new JobFailure('CORRUPT_DOCUMENT', 'damaged page')));
      // The first task and part 3 run until stopped; then their rejection is not the conversion's.
      if (task.kind === undefined || task.kind === 'convert') task.split?.planPort.postMessage(PLAN);
      return new Promise((_, reject) => stop.signal.addEventListener('abort', () => reject(new Error('aborted'))));
    };
    await expect(new SplitTaskRunner(runTask, abort).convert(input, POLICY)).rejects.toMatchObject({ code: 'CORRUPT_DOCUMENT' });
    expect(abort).toHaveBeenCalledTimes(1);
    expect(kinds).toEqual(['convert', 'pdf-part', 'pdf-part']);
  });
});

describe('packed parts', () => {
  it('come back as they were packed, in a buffer of their own (so it can be transferred)', () => {
    const read: PdfPagesRead = {
      pages: [[], { page: 2, width: 10, height: 20, items: [], rules: [] }],
      ocr: [{ page: 2, confidence: 91.5 }],
      headingHints: [{ level: 2, text: 'Results', page: 2 }],
    };
    const packed = packPart(read);
    expect(packed.byteOffset).toBe(0);
    expect(packed.byteLength).toBe(packed.buffer.byteLength);
    expect(unpackPart(packed)).toEqual(read);
  });
});
