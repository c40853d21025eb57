import type { SplitPlan, SplitPolicy } from '@docformat/converters';
import { MessageChannel, type TransferListItem } from 'node:worker_threads';
import {
  type ConversionTaskInput,
  type ConversionTaskSuccess,
  type PdfPartTaskSuccess,
  type TaskInput,
  type TaskSuccess,
  isPartSuccess,
} from './conversion-task.types';
import { partBuffers } from './part-transfer';

/** Runs one task of the conversion on the pool; rejects with what the failure means for the conversion. */
export type RunTask = (task: TaskInput, transferList?: readonly TransferListItem[]) => Promise<TaskSuccess>;

/**
 * A conversion whose document may be a long PDF, spread over the pool's threads, run
 * from the main thread so that no task ever waits for another: with every thread busy
 * holding a task that waits for parts queued behind it, nothing would run again.
 *
 * 1. The first task is an ordinary conversion with a split request. A short or non-PDF
 *    document is converted whole, exactly as without one. A long PDF's thread announces
 *    its plan on a port and reads the first part; on the announcement the other parts
 *    are queued at once (each a task of its own, fairly behind other conversions' tasks),
 *    so they start while the first is still being read.
 * 2. Once every part is back (each packed, see part-transfer.ts), one more task lays the
 *    document out and renders it.
 *
 * The first failure of any task is the conversion's; the others are stopped (`abort`
 * terminates the running ones) and awaited, so nothing of the conversion outlives it.
 */
export class SplitTaskRunner {
  private plan: SplitPlan | undefined;
  private readonly further: Array<Promise<PdfPartTaskSuccess | undefined>> = [];
  private failed: { error: unknown } | undefined;

  constructor(
    private readonly runTask: RunTask,
    private readonly abort: () => void,
  ) {}

  async convert(input: ConversionTaskInput, policy: SplitPolicy): Promise<ConversionTaskSuccess> {
    const announcements = new MessageChannel();
    announcements.port1.on('message', (plan: SplitPlan) => this.startParts(plan, input));
    let first: TaskSuccess | undefined;
    try {
      first = await this.settle(this.runTask({ ...input, split: { policy, planPort: announcements.port2 } }, [announcements.port2]));
    } finally {
      announcements.port1.close();
    }
    if (first && !isPartSuccess(first)) return first;
    // The result can overtake the announcement: the plan also comes with it.
    if (first?.plan) this.startParts(first.plan, input);
    const further = await Promise.all(this.further);
    this.throwIfFailed();
    if (!first?.plan || !this.plan) throw new Error('A split conversion ended without its plan');
    const parts = [first.part, ...further.map((part) => (part as PdfPartTaskSuccess).part)];
    const { formats, options, keep, imageLimits } = input;
    const assembled = await this.settle(
      this.runTask({ kind: 'pdf-assemble', plan: this.plan, parts, formats, options, keep, imageLimits }, partBuffers(parts)),
    );
    this.throwIfFailed();
    if (!assembled || isPartSuccess(assembled)) throw new Error('Assembling a split conversion returned a part');
    return assembled;
  }

  /** Queues every part after the first, once; the document's bytes are shared by them, not copied per part. */
  private startParts(plan: SplitPlan, input: ConversionTaskInput): void {
    if (this.plan) return;
    this.plan = plan;
    const bytes = new Uint8Array(new SharedArrayBuffer(input.bytes.byteLength));
    bytes.set(input.bytes);
    for (const pages of plan.parts.slice(1)) {
      const part = this.runTask({
        kind: 'pdf-part',
        bytes,
        pages,
        options: input.options,
        ocrParallelism: input.ocrParallelism,
        maxImagePixels: input.maxImagePixels,
        ...(input.imageLimits ? { imageLimits: input.imageLimits } : {}),
        ...(input.keep ? { keep: input.keep } : {}),
      });
      this.further.push(this.settle(part).then((outcome) => (outcome && isPartSuccess(outcome) ? outcome : undefined)));
    }
  }

  private throwIfFailed(): void {
    if (this.failed) throw this.failed.error;
  }

  /** A task's success, or undefined after recording the conversion's first failure and stopping the rest. */
  private async settle<T>(task: Promise<T>): Promise<T | undefined> {
    try {
      return await task;
    } catch (error) {
      if (!this.failed) {
        this.failed = { error };
        this.abort();
      }
      return undefined;
    }
  }
}
