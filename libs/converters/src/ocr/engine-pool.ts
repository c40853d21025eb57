import { setTimeout as delay } from 'node:timers/promises';

/**
 * A bounded pool of OCR engines of several kinds (one kind per language set, one for
 * orientation detection), shared by everything in the process that reads images.
 *
 * Why bounded by the process and not by the conversion: an engine is a Tesseract
 * worker thread whose WebAssembly heap grows to the largest page it has read and never
 * shrinks (80-155 MB each, measured). Conversion threads that each kept their own
 * engines held up to six of them in one worker process (1.1 GB RSS); more engines than
 * cores add no speed anyway. So at most `maxEngines` live at once, whatever their kind:
 * a task that needs a kind with no idle engine starts one if there is room, else ends
 * an idle engine of another kind to make room, else waits its turn (first come, first
 * served). Tasks hold an engine for one operation only, never two at once, so two
 * conversions can never deadlock each other over engines.
 */
const DEFAULT_END_WAIT_MS = 5_000;

export interface PoolEngine {
  terminate(): Promise<unknown>;
}

export interface EnginePoolOptions {
  /** Engines alive at once, all kinds together. */
  maxEngines: number;
  /** An engine idle this long is ended. */
  idleMs: number;
  /** An engine is replaced after this many operations: its heap only grows. */
  maxUses: number;
  /**
   * Asked before starting an engine beyond the first: whether the process has memory
   * for one more. When it has not, the task waits for a running engine instead (the
   * worker answers from WORKER_MAX_RSS_MB). Without it, only maxEngines limits.
   */
  roomForAnother?: () => boolean;
  /**
   * How long a new engine waits for the engines being ended to exit (5 s by default).
   * Node ends a worker thread by force, so they always do, within milliseconds; the
   * bound only keeps a thread that somehow never reports its exit from stopping OCR.
   */
  endWaitMs?: number;
  /** Called when an engine becomes busy or idle, so its thread can keep the process alive only while it works. */
  onBusy?: (engine: PoolEngine, busy: boolean) => void;
  /**
   * Asked after each operation: whether the engine now holds more memory than is worth
   * keeping. Such an engine is ended at once instead of waiting idle or serving its
   * next 50 operations: its heap only grows, to the largest image it has read.
   */
  overgrown?: (engine: PoolEngine) => Promise<boolean>;
}

interface Live<E extends PoolEngine> {
  kind: string;
  engine: E;
  busy: boolean;
  uses: number;
  idleTimer?: NodeJS.Timeout;
}

interface Waiter<E extends PoolEngine> {
  kind: string;
  start: () => Promise<E>;
  resolve: (live: Live<E>) => void;
  reject: (error: unknown) => void;
}

export class EnginePool<E extends PoolEngine> {
  private readonly live = new Set<Live<E>>();
  /** Engines being started: they count against maxEngines already. */
  private starting = 0;
  private readonly waiters: Waiter<E>[] = [];
  /** Engines being ended: a new engine starts once they are gone. */
  private readonly ending = new Set<Promise<void>>();

  constructor(private options: EnginePoolOptions) {}

  /** Changes the limits; engines already running stay until they are next released. */
  configure(options: Partial<EnginePoolOptions>): void {
    this.options = { ...this.options, ...options };
  }

  get limits(): Readonly<EnginePoolOptions> {
    return this.options;
  }

  /**
   * Runs `task` on an engine of `kind` (started with `start` if none is idle). An engine
   * whose task failed is not reused: a failed operation may leave its heap in any state.
   * When `signal` aborts while waiting the task never runs; while running, the engine is
   * ended (the only way to stop Tesseract mid-page) and its place goes to the next task.
   */
  async use<T>(kind: string, start: () => Promise<E>, task: (engine: E) => Promise<T>, signal?: AbortSignal): Promise<T> {
    signal?.throwIfAborted();
    const taken = await this.acquire(kind, start, signal);
    let onAbort: (() => void) | undefined;
    const aborted = new Promise<never>((_, reject) => {
      onAbort = () => {
        this.remove(taken);
        reject(signal?.reason);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
    });
    aborted.catch(() => undefined);
    try {
      const result = await Promise.race([task(taken.engine), aborted]);
      this.release(taken, !(await this.overgrown(taken)));
      return result;
    } catch (error) {
      this.release(taken, false);
      throw error;
    } finally {
      if (onAbort) signal?.removeEventListener('abort', onAbort);
    }
  }

  /** Whether the engine grew past what is worth keeping; an engine that cannot tell is kept. */
  private async overgrown(entry: Live<E>): Promise<boolean> {
    if (!this.options.overgrown || !this.live.has(entry)) return false;
    return this.options.overgrown(entry.engine).catch(() => false);
  }

  /** Live engines per kind (tests, logs). */
  counts(): Record<string, number> {
    const counts: Record<string, number> = {};
    for (const entry of this.live) counts[entry.kind] = (counts[entry.kind] ?? 0) + 1;
    return counts;
  }

  /** Tasks waiting for an engine. */
  get waiting(): number {
    return this.waiters.length;
  }

  /** Ends every engine; waiting tasks fail. Later tasks start new engines. */
  async terminateAll(): Promise<void> {
    const all = [...this.live];
    this.live.clear();
    for (const waiter of this.waiters.splice(0)) waiter.reject(new Error('The OCR engines were shut down'));
    await Promise.all(all.map((entry) => this.end(entry)));
  }

  private acquire(kind: string, start: () => Promise<E>, signal?: AbortSignal): Promise<Live<E>> {
    const idle = [...this.live].find((entry) => entry.kind === kind && !entry.busy);
    if (idle) return Promise.resolve(this.markBusy(idle));
    if (!this.hasRoom()) {
      const other = [...this.live].find((entry) => !entry.busy);
      if (other) this.remove(other);
    }
    if (this.hasRoom()) return this.startEngine(kind, start);
    return new Promise((resolve, reject) => {
      const waiter: Waiter<E> = { kind, start, resolve, reject };
      this.waiters.push(waiter);
      signal?.addEventListener(
        'abort',
        () => {
          const at = this.waiters.indexOf(waiter);
          if (at < 0) return;
          this.waiters.splice(at, 1);
          reject(signal.reason);
        },
        { once: true },
      );
    });
  }

  /** Whether one more engine may start: under maxEngines, and (beyond the first) with memory to spare. */
  private hasRoom(): boolean {
    const running = this.live.size + this.starting;
    if (running >= this.options.maxEngines) return false;
    return running === 0 || (this.options.roomForAnother?.() ?? true);
  }

  private async startEngine(kind: string, start: () => Promise<E>): Promise<Live<E>> {
    this.starting++;
    try {
      // The engine this one replaces gives its memory back first: an engine's thread
      // frees its WebAssembly heap only when it has exited.
      await Promise.race([Promise.all(this.ending), delay(this.options.endWaitMs ?? DEFAULT_END_WAIT_MS, undefined, { ref: false })]);
      const entry: Live<E> = { kind, engine: await start(), busy: false, uses: 0 };
      this.live.add(entry);
      return this.markBusy(entry);
    } finally {
      this.starting--;
    }
  }

  private markBusy(entry: Live<E>): Live<E> {
    clearTimeout(entry.idleTimer);
    entry.busy = true;
    this.options.onBusy?.(entry.engine, true);
    return entry;
  }

  private release(entry: Live<E>, healthy: boolean): void {
    if (!this.live.has(entry)) return; // ended while it worked (abort)
    entry.uses++;
    entry.busy = false;
    this.options.onBusy?.(entry.engine, false);
    if (!healthy || entry.uses >= this.options.maxUses) {
      this.remove(entry);
      return;
    }
    const waiter = this.waiters.shift();
    if (!waiter) {
      entry.idleTimer = setTimeout(() => this.remove(entry), this.options.idleMs);
      entry.idleTimer.unref();
      return;
    }
    if (waiter.kind === entry.kind) {
      waiter.resolve(this.markBusy(entry));
      return;
    }
    this.remove(entry, false);
    this.startEngine(waiter.kind, waiter.start).then(waiter.resolve, waiter.reject);
  }

  /** Ends an engine and, unless told otherwise, gives its place to the next waiting task. */
  private remove(entry: Live<E>, handOn = true): void {
    if (!this.live.delete(entry)) return;
    clearTimeout(entry.idleTimer);
    void this.end(entry);
    if (!handOn) return;
    const waiter = this.waiters.shift();
    if (waiter) this.startEngine(waiter.kind, waiter.start).then(waiter.resolve, waiter.reject);
  }

  private end(entry: Live<E>): Promise<void> {
    clearTimeout(entry.idleTimer);
    const ended = entry.engine.terminate().then(
      () => undefined,
      () => undefined,
    );
    this.ending.add(ended);
    void ended.then(() => this.ending.delete(ended));
    return ended;
  }
}
