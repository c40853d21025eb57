import type { PageProgress } from '@docformat/converters';

/**
 * Most one progress write per job this often. The first comes after as long: a job done
 * within it (most are) writes none, and a page read every few milliseconds never
 * becomes a write each.
 */
export const PROGRESS_INTERVAL_MS = 1000;

type Write = (pagesDone: number, pages: number) => Promise<void>;

/**
 * A running job's pages, as its conversion reports them (PageProgress), written to its
 * row (`progress` in its record) at most once per interval, one write at a time. Best
 * effort: a failed write is left for the next. `stop` ends the writing (the job failed,
 * or a split's ranges count its pages from now on); `finish`, for a conversion that
 * has read every page, writes the last count first if it wrote any before.
 */
export class JobProgress implements PageProgress {
  private pages = 0;
  private done = 0;
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();
  private written = false;
  private stopped = false;

  constructor(
    private readonly write: Write,
    private readonly intervalMs = PROGRESS_INTERVAL_MS,
  ) {}

  planned(pages: number): void {
    this.pages = pages;
    this.schedule();
  }

  read(pages: number): void {
    this.done += pages;
    this.schedule();
  }

  /** No more writes; resolves once those under way have ended. */
  stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    return this.writing;
  }

  /** Every page is read: the count goes out as it ends (if the job showed progress at all), then no more. */
  finish(): Promise<void> {
    if (this.written) this.flush();
    return this.stop();
  }

  private schedule(): void {
    if (!this.timer && !this.stopped) this.timer = setTimeout(() => this.flush(), this.intervalMs);
  }

  private flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.stopped || this.pages === 0) return;
    const [done, pages] = [Math.min(this.done, this.pages), this.pages];
    this.written = true;
    // A write already queued when the progress stops still goes out: `stop` waits for it.
    this.writing = this.writing.then(() => this.write(done, pages)).catch(() => undefined);
  }
}
