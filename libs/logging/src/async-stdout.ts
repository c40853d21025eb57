import pino, { type DestinationStream } from 'pino';

type FlushableDestination = DestinationStream & { flushSync(): void };

let stdout: FlushableDestination | undefined;

/**
 * Standard output written asynchronously: a line goes out at once when no write
 * is under way, and lines logged meanwhile go out together in the next write. At
 * thousands of lines a second that is a few writes per event-loop turn instead of
 * one blocking write per line. What is still buffered is flushed when the process
 * exits (not on SIGKILL). One per process: every logger built on it shares it.
 */
export function asyncStdout(): FlushableDestination {
  if (!stdout) {
    const destination = pino.destination({ dest: 1, sync: false }) as FlushableDestination;
    process.once('exit', () => {
      try {
        destination.flushSync();
      } catch {
        // stdout already closed: nothing more can be written anyway.
      }
    });
    stdout = destination;
  }
  return stdout;
}
