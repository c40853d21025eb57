/** Where the CLI writes: outputs to stdout, everything for the person (progress, errors) to stderr. */
export interface Io {
  stdout(text: string): void;
  stderr(text: string): void;
  /** A progress bar is drawn only on a terminal: never into a log file or a pipe. */
  stderrIsTty: boolean;
  /** The terminal's width, for the bar. */
  columns: number;
}

export function processIo(): Io {
  return {
    stdout: (text) => void process.stdout.write(text),
    stderr: (text) => void process.stderr.write(text),
    stderrIsTty: process.stderr.isTTY === true,
    columns: process.stderr.columns || 80,
  };
}
