/**
 * Lets at most `size` tasks run at once, the others waiting in arrival order; the size
 * can change at any time (the worker's share of its host's cores, worker-share/). A
 * smaller size stops nothing already running: it only admits no more until the
 * running count is below it. A waiting task whose signal aborts leaves the line.
 */
export class TaskGate {
  private running = 0;
  private readonly waiting: Array<{ admit: () => void }> = [];

  constructor(private size: number) {}

  /** Resolves with the function that gives the place back, once the task may run; rejects when `signal` aborts first. */
  enter(signal?: AbortSignal): Promise<() => void> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    return new Promise((resolve, reject) => {
      const entry = {
        admit: () => {
          signal?.removeEventListener('abort', onAbort);
          resolve(this.take());
        },
      };
      const onAbort = () => {
        const index = this.waiting.indexOf(entry);
        if (index >= 0) this.waiting.splice(index, 1);
        reject(signal?.reason);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiting.push(entry);
      this.admitWaiting();
    });
  }

  resize(size: number): void {
    this.size = size;
    this.admitWaiting();
  }

  /** Tasks running now. */
  get active(): number {
    return this.running;
  }

  private take(): () => void {
    this.running++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.running--;
      this.admitWaiting();
    };
  }

  /** `admit` takes its place at once (take), so the loop sees the running count grow. */
  private admitWaiting(): void {
    while (this.running < this.size && this.waiting.length > 0) this.waiting.shift()?.admit();
  }
}
