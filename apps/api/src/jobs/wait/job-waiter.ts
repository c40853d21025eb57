import { isTerminalStatus } from '@docformat/contracts';
import type { JobEvents, JobWithOutputs } from '@docformat/db';

/** While the event connection is down, the row is read again this often instead. */
const BLIND_RECHECK_MS = 1000;

/**
 * Long-poll: reads the job until it is terminal (or gone), at most until `deadline`,
 * woken by the job's event from Postgres (sent at commit by whichever process ended
 * it, on any machine) rather than by polling. The wait is subscribed before each read,
 * so an event that lands between the read and the wait is never missed. Without a
 * live event connection (Postgres restarting) it falls back to reading once a second.
 * `signal` (the client went away) ends it early.
 */
export async function waitForJob(
  events: JobEvents,
  jobId: string,
  read: () => Promise<JobWithOutputs | null>,
  deadline: number,
  signal: AbortSignal,
): Promise<JobWithOutputs | null> {
  for (;;) {
    const remaining = deadline - Date.now();
    const stop = new AbortController();
    const slice = events.listening ? remaining : Math.min(remaining, BLIND_RECHECK_MS);
    const woken = events.waitFor(jobId, slice, AbortSignal.any([stop.signal, signal]));
    let row: JobWithOutputs | null;
    try {
      row = await read();
    } catch (error) {
      stop.abort();
      throw error;
    }
    if (!row || isTerminalStatus(row.status) || remaining <= 0 || signal.aborted) {
      stop.abort();
      return row;
    }
    await woken;
  }
}
