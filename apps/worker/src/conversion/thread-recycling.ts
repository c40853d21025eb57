import type { Piscina } from 'piscina';
import { HEAP_RELEASE_MB } from './heap-release';

type LoadBalancer = NonNullable<NonNullable<ConstructorParameters<typeof Piscina>[0]>['loadBalancer']>;
type PoolThread = Parameters<LoadBalancer>[1][number];

const MB = 1024 * 1024;

export interface RecyclePolicy {
  /** A thread is replaced after this many tasks (CONVERSION_MAX_TASKS_PER_THREAD). */
  maxTasksPerThread: number;
  /** A thread that finishes a task while the process's RSS is above this may be replaced (recycleMarkMb of WORKER_MAX_RSS_MB). */
  recycleRssMb: number;
  /**
   * ...unless it holds no more than this (heap and external, after its task) and has
   * never prepared an image for OCR: replacing it would give back nothing a fresh
   * thread does not take again (THREAD_KEEP_MB by default).
   */
  keepHeldMb?: number;
}

/**
 * What a thread holds after its task, as far as the pool can know: its V8 heap and
 * external memory (ThreadUsage), the most native memory its task's images took at once,
 * and whether it has prepared images for OCR. Images are decoded and drawn by the
 * native canvas and by pdf.js and utif2 into buffers, memory no heap figure shows once
 * the task is over, and the process kept it until the thread went
 * (apps/worker/bench/memory.ts peaked at 430 MB instead of 359 MB when threads that had
 * prepared images for OCR were judged by their heap alone).
 */
export interface ThreadHeld {
  heldMb: number;
  /** The task's images at their most (ThreadUsage.imagesMb): a text PDF's decoded pictures count here, never as OCR. */
  imagesMb?: number;
  drewImages: boolean;
}

/**
 * A warm thread holds ~55-60 MB (pdf.js and the readers loaded); one that holds more
 * than this after its task kept a big document's leftovers (HEAP_RELEASE_MB, the same
 * level, is where a thread collects before it reports). The heap is counted as
 * committed, not as live: what V8 keeps committed is what the process holds, and a
 * rule on live objects alone kept every thread through the PDF throughput run, whose
 * workers then peaked at 947 MB instead of ~600. A thread that holds less is as small
 * as its replacement would be once it had loaded pdf.js again, and replacing it costs a
 * cold start: ~0.6 s of CPU before pdf.js runs optimised, more for a long PDF's part.
 */
export const THREAD_KEEP_MB = HEAP_RELEASE_MB;

/**
 * Threads are replaced above three quarters of WORKER_MAX_RSS_MB, not at it: the mark
 * is the bound the process must stay under, and what a conversion under way adds (a
 * scanned page being read beside the OCR engine, ~60-90 MB) must still fit above the
 * level the process settles at. Replacing above the bound itself let the process
 * settle just under it and peak at 429-442 MB with a 400 MB mark; at three quarters
 * it peaked at 358 MB over the same 1,000 jobs, ~10 % slower (apps/worker/bench/memory.ts,
 * docs/adr/0005-worker-memory.md).
 */
export const RECYCLE_SHARE = 0.75;

export function recycleMarkMb(maxRssMb: number): number {
  return Math.round(maxRssMb * RECYCLE_SHARE);
}

/** Why a thread is ended: its task count, the process's memory, or a share that no longer needs it (setShare). */
export type RecycleReason = 'tasks' | 'memory' | 'surplus';

/**
 * Decides when a conversion thread is replaced by a fresh one, so that what parsers
 * leave behind (pdf.js caches, Tesseract's WebAssembly memory, which never shrinks,
 * a heap grown for one big document) is given back instead of accumulating for the
 * life of the worker, as Tika's `-maxFiles` and gunicorn's `--max-requests` do.
 *
 * It is piscina's load balancer: a thread due for replacement ("retiring") is never
 * given another task, so ending it can never cut a conversion short. The pool ends
 * a retiring thread once it is idle (`afterTask`), and piscina starts another
 * when a task finds no idle thread.
 */
export class ThreadRecycler {
  private readonly dispatched = new Map<number, number>();
  private readonly retiring = new Map<number, RecycleReason>();
  /** Threads that have prepared images for OCR at some point of their lives. */
  private readonly drew = new Set<number>();

  constructor(
    private readonly policy: RecyclePolicy,
    private readonly rssBytes: () => number = () => process.memoryUsage.rss(),
  ) {}

  /**
   * Picks an idle thread that is not retiring (conversions are abortable tasks, which
   * piscina never puts on a busy thread) and counts the task against it: the task
   * that reaches the limit is the thread's last.
   */
  readonly balancer: LoadBalancer = (_task, threads) => {
    for (const thread of threads) {
      if (!this.canTakeTask(thread)) continue;
      const tasks = (this.dispatched.get(thread.id) ?? 0) + 1;
      this.dispatched.set(thread.id, tasks);
      if (tasks >= this.policy.maxTasksPerThread) this.retiring.set(thread.id, 'tasks');
      return thread;
    }
    return null;
  };

  /**
   * A task on thread `threadId` has returned. Marks the thread for replacement when
   * the process is above its memory mark and the thread holds something worth giving
   * back (the thread that just worked is the likeliest holder of what grew; a small
   * one is not, and the process is above the mark because of the conversions under
   * way in the others), and answers why it should end now, if it should: only when
   * it is retiring and `idle` (if a task reached it before it was marked, the pool
   * ends it after that task). Without `held` the thread counts as holding much.
   */
  afterTask(threadId: number, idle: boolean, held?: ThreadHeld): RecycleReason | undefined {
    if (held?.drewImages) this.drew.add(threadId);
    if (!this.retiring.has(threadId) && this.holdsMuch(threadId, held) && this.rssBytes() > this.policy.recycleRssMb * MB)
      this.retiring.set(threadId, 'memory');
    return idle ? this.retiring.get(threadId) : undefined;
  }

  /** Marks the thread as retiring (it takes no more tasks) for `reason`, and answers it. */
  retire(threadId: number, reason: RecycleReason): RecycleReason {
    this.retiring.set(threadId, reason);
    return reason;
  }

  /** Drops the books of threads that have gone (replaced, killed, crashed): thread ids are never reused. */
  retain(liveThreadIds: ReadonlySet<number>): void {
    for (const id of [...this.dispatched.keys(), ...this.retiring.keys(), ...this.drew]) {
      if (liveThreadIds.has(id)) continue;
      this.dispatched.delete(id);
      this.retiring.delete(id);
      this.drew.delete(id);
    }
  }

  /** Whether the thread is due for replacement (it takes no more tasks). */
  isRetiring(threadId: number): boolean {
    return this.retiring.has(threadId);
  }

  /** Tasks given to the thread so far (for tests and logs). */
  tasksOf(threadId: number): number {
    return this.dispatched.get(threadId) ?? 0;
  }

  private holdsMuch(threadId: number, held: ThreadHeld | undefined): boolean {
    return !held || this.drew.has(threadId) || held.heldMb + (held.imagesMb ?? 0) > (this.policy.keepHeldMb ?? THREAD_KEEP_MB);
  }

  /** Whether the thread may be given tasks at all: it is neither ending nor due for replacement. */
  takesTasks(thread: PoolThread): boolean {
    return !thread.terminating && !thread.destroyed && !this.retiring.has(thread.id);
  }

  /** Whether the thread may be given a task now: it takes tasks and is idle. */
  canTakeTask(thread: PoolThread): boolean {
    return thread.currentUsage === 0 && this.takesTasks(thread);
  }
}
