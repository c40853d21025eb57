import type { Piscina } from 'piscina';

type LoadBalancer = NonNullable<NonNullable<ConstructorParameters<typeof Piscina>[0]>['loadBalancer']>;
type PoolThread = Parameters<LoadBalancer>[1][number];

const MB = 1024 * 1024;

export interface RecyclePolicy {
  /** A thread is replaced after this many tasks (CONVERSION_MAX_TASKS_PER_THREAD). */
  maxTasksPerThread: number;
  /** A thread that finishes a task while the process's RSS is above this is replaced (recycleMarkMb of WORKER_MAX_RSS_MB). */
  recycleRssMb: number;
}

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

export type RecycleReason = 'tasks' | 'memory';

/**
 * Decides when a conversion thread is replaced by a fresh one, so that what parsers
 * leave behind (pdf.js caches, Tesseract's WebAssembly memory, which never shrinks,
 * a heap grown for one big document) is given back instead of accumulating for the
 * life of the worker, as Tika's `-maxFiles` and gunicorn's `--max-requests` do.
 *
 * It is piscina's load balancer: a thread due for replacement ("retiring") is never
 * given another task, so ending it can never cut a conversion short. The pool ends
 * a retiring thread once it is idle (`afterTask`), and piscina starts its
 * replacement (minThreads).
 */
export class ThreadRecycler {
  private readonly dispatched = new Map<number, number>();
  private readonly retiring = new Map<number, RecycleReason>();

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
   * the process is above its memory mark (the thread that just worked is the likeliest
   * holder of what grew), and answers why it should end now, if it should: only when
   * it is retiring and `idle` (if a task reached it before it was marked, the pool
   * ends it after that task).
   */
  afterTask(threadId: number, idle: boolean): RecycleReason | undefined {
    if (!this.retiring.has(threadId) && this.rssBytes() > this.policy.recycleRssMb * MB) this.retiring.set(threadId, 'memory');
    return idle ? this.retiring.get(threadId) : undefined;
  }

  /** Drops the books of threads that have gone (replaced, killed, crashed): thread ids are never reused. */
  retain(liveThreadIds: ReadonlySet<number>): void {
    for (const id of [...this.dispatched.keys(), ...this.retiring.keys()]) {
      if (liveThreadIds.has(id)) continue;
      this.dispatched.delete(id);
      this.retiring.delete(id);
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

  private canTakeTask(thread: PoolThread): boolean {
    return thread.currentUsage === 0 && !thread.terminating && !thread.destroyed && !this.retiring.has(thread.id);
  }
}
