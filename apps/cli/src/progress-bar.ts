export interface ProgressState {
  total: number;
  done: number;
  failed: number;
}

const CLEAR_LINE = '\r\x1b[2K';

/**
 * One line: a bar, the count and the failures, fitted to `columns`. The bar's width
 * leaves room for the longest count it can show, so it does not shift as counts grow.
 */
export function renderProgress({ total, done, failed }: ProgressState, columns: number): string {
  const finished = done + failed;
  const counts = `${finished}/${total}${failed ? ` (${failed} failed)` : ''}`;
  const longest = `${total}/${total} (${total} failed)`.length;
  const width = Math.max(10, Math.min(40, columns - longest - 4));
  const filled = total ? Math.round((finished / total) * width) : width;
  return `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${counts}`;
}

/**
 * A progress line redrawn in place on stderr (a terminal only: the caller decides).
 * Messages go above it: the line is cleared, the message written, the line redrawn.
 */
export class ProgressBar {
  private readonly state: ProgressState;

  constructor(
    total: number,
    private readonly write: (text: string) => void,
    private readonly columns: number,
  ) {
    this.state = { total, done: 0, failed: 0 };
    this.draw();
  }

  tick(outcome: 'done' | 'failed'): void {
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
    this.write(`${CLEAR_LINE}${renderProgress(this.state, this.columns)}`);
  }
}
