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
  endQuietlyOnClosedPipe(process.stdout, (code) => process.exit(code));
  return {
    stdout: (text) => void process.stdout.write(text),
    stderr: (text) => void process.stderr.write(text),
    stderrIsTty: process.stderr.isTTY === true,
    columns: process.stderr.columns || 80,
  };
}

/**
 * A reader that closes the pipe early (`docformat convert … | head`) has had all it
 * wants: exit at once and quietly, as Unix tools do on SIGPIPE, rather than die on an
 * unhandled EPIPE with a stack trace (Node ignores SIGPIPE and reports it as an error
 * event on the stream instead). Any other write error is still thrown.
 */
export function endQuietlyOnClosedPipe(stream: NodeJS.EventEmitter, exit: (code: number) => void): void {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    exit(0);
  });
}
