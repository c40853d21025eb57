export interface AddBatcherOptions {
  /**
   * How long the first call of a batch waits for others. 0: until the end of the
   * current event-loop turn (everything that became ready together goes together,
   * and a lone call waits for nothing).
   */
  maxWaitMs: number;
  /** A batch is sent as soon as it holds this many items. */
  maxItems: number;
}

interface Waiting<T> {
  item: T;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/**
 * Collects single adds into one bulk call: under load, one round trip (and one
 * wake-up of Redis) per batch instead of per job. Each caller's promise settles
 * with its batch: resolved when the bulk call succeeds, rejected with its error
 * otherwise. Batches are sent independently; a slow one never holds up the next.
 */
export class AddBatcher<T> {
  private waiting: Waiting<T>[] = [];
  private timer?: NodeJS.Timeout;
  private immediate?: NodeJS.Immediate;
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly sendBulk: (items: T[]) => Promise<unknown>,
    private readonly options: AddBatcherOptions,
  ) {
    if (!Number.isInteger(options.maxItems) || options.maxItems < 1) throw new Error('maxItems must be a whole number of at least 1');
  }

  add(item: T): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      if (this.waiting.length >= this.options.maxItems) this.flush();
      else if (this.waiting.length === 1) this.schedule();
    });
  }

  /** Sends what is waiting now. */
  flush(): void {
    this.cancelSchedule();
    const batch = this.waiting;
    if (batch.length === 0) return;
    this.waiting = [];
    const sent = Promise.resolve()
      .then(() => this.sendBulk(batch.map((w) => w.item)))
      .then(
        () => batch.forEach((w) => w.resolve()),
        (error: unknown) => batch.forEach((w) => w.reject(error)),
      );
    this.inFlight.add(sent);
    void sent.finally(() => this.inFlight.delete(sent));
  }

  /** Sends what is waiting and waits for every batch under way (before closing the connection). */
  async drain(): Promise<void> {
    this.flush();
    await Promise.all([...this.inFlight]);
  }

  private schedule(): void {
    if (this.options.maxWaitMs > 0) this.timer = setTimeout(() => this.flush(), this.options.maxWaitMs);
    else this.immediate = setImmediate(() => this.flush());
  }

  private cancelSchedule(): void {
    if (this.timer) clearTimeout(this.timer);
    if (this.immediate) clearImmediate(this.immediate);
    this.timer = undefined;
    this.immediate = undefined;
  }
}
