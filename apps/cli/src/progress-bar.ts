import type { PageProgress } from '@docformat/client';

export interface ProgressState {
  total: number;
  done: number;
  failed: number;
  /** The documents still converting, each counted as the share of its pages done (0 to 1 each). */
  running?: number;
}

const CLEAR_LINE = '\r\x1b[2K';

/**
 * `[####------] label`, fitted to `columns`: the bar's width leaves room for the
 * longest label it will show (`longest`), so it does not shift as counts grow.
 */
function renderBar(share: number, label: string, longest: number, columns: number): string {
  const width = Math.max(10, Math.min(40, columns - longest - 4));
  const filled = Math.round(Math.min(1, Math.max(0, share)) * width);
  return `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${label}`;
}

/**
 * One line: a bar, the count and the failures, fitted to `columns`. The bar fills by
 * the finished documents and, of the running ones, the share of their pages done.
 */
export function renderProgress({ total, done, failed, running = 0 }: ProgressState, columns: number): string {
  const finished = done + failed;
  const counts = `${finished}/${total}${failed ? ` (${failed} failed)` : ''}`;
  return renderBar(total ? (finished + running) / total : 1, counts, `${total}/${total} (${total} failed)`.length, columns);
}

/** One document's pages: `[####------] 120/400 pages`. */
export function renderPages({ pagesDone, pages }: PageProgress, columns: number): string {
  return renderBar(pages ? pagesDone / pages : 1, `${pagesDone}/${pages} pages`, `${pages}/${pages} pages`.length, columns);
}

/**
 * A progress line redrawn in place on stderr (a terminal only: the caller decides).
 * Messages go above it: the line is cleared, the message written, the line redrawn.
 */
export class ProgressBar {
  private readonly state: ProgressState;
  /** The running documents' shares of pages done, by input. */
  private readonly running = new Map<string, number>();

  constructor(
    total: number,
    private readonly write: (text: string) => void,
    private readonly columns: number,
  ) {
    this.state = { total, done: 0, failed: 0 };
    this.draw();
  }

  /** A running document's pages, from its job's `progress`: the bar moves within the document too. */
  pages(input: string, progress: PageProgress | undefined): void {
    if (!progress || !progress.pages) return;
    this.running.set(input, progress.pagesDone / progress.pages);
    this.draw();
  }

  tick(outcome: 'done' | 'failed', input?: string): void {
    if (input !== undefined) this.running.delete(input);
    this.state[outcome]++;
    this.draw();
  }

  log(line: string): void {
    this.write(`${CLEAR_LINE}${line}\n`);
    this.draw();
  }

  /** Leaves the final line standing, and the cursor below it. */
  finish(): void {
    this.write('\n');
  }

  private draw(): void {
    let running = 0;
    for (const share of this.running.values()) running += share;
    this.write(`${CLEAR_LINE}${renderProgress({ ...this.state, running }, this.columns)}`);
  }
}

/**
 * One document's pages as its job converts them, redrawn in place on stderr (a
 * terminal only: the caller decides). Nothing shows until the job knows its page
 * count; `clear` takes the line away, so the output that follows starts on a clean line.
 */
export class PageBar {
  private shown: string | undefined;

  constructor(
    private readonly write: (text: string) => void,
    private readonly columns: number,
  ) {}

  update(progress: PageProgress | undefined): void {
    if (!progress) return;
    const line = renderPages(progress, this.columns);
    if (line === this.shown) return;
    this.shown = line;
    this.write(`${CLEAR_LINE}${line}`);
  }

  clear(): void {
    if (this.shown !== undefined) this.write(CLEAR_LINE);
    this.shown = undefined;
  }
}
