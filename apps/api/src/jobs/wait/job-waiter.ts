import { isTerminalStatus } from '@docformat/contracts';
import type { JobEvents, JobWithOutputs } from '@docformat/db';

/** While the event connection is down, the row is read again this often instead. */
const BLIND_RECHECK_MS = 1000;

export interface JobWaitOptions {
  /** Also answer as soon as the job's progress (pages done, of how many) differs from the first read's. */
  progress?: boolean;
}

/** What the record's `progress` is made of, as one comparable value. */
const progressKey = (row: JobWithOutputs): string => `${row.pagesDone}/${row.pagesTotal}`;

/**
 * Long-poll: reads the job until it is terminal (or gone), at most until `deadline`,
 * woken by the job's event from Postgres (sent at commit by whichever process ended
 * it, on any machine) rather than by polling. The wait is subscribed before each read,
 * so an event that lands between the read and the wait is never missed. Without a
 * live event connection (Postgres restarting) it falls back to reading once a second.
 * With `progress`, a change of the job's progress since the first read answers too
 * (woken by its progress event). `signal` (the client went away) ends it early.
 */
export async function waitForJob(
  events: JobEvents,
  jobId: string,
  read: () => Promise<JobWithOutputs | null>,
  deadline: number,
  signal: AbortSignal,
  options: JobWaitOptions = {},
): Promise<JobWithOutputs | null> {
  let first: string | undefined;
  const settled = (row: JobWithOutputs) => {
    first ??= progressKey(row);
    return isTerminalStatus(row.status) || (options.progress === true && progressKey(row) !== first);
  };
  return waitUntilSettled(events, jobId, read, settled, deadline, signal, options);
}

/**
 * The loop of a long-poll on anything announced on the job events channel under its
 * id (a job, or a batch when its last job ends): reads until `settled` (or gone), at
 * most until `deadline`, subscribed before each read.
 */
export async function waitUntilSettled<T>(
  events: JobEvents,
  id: string,
  read: () => Promise<T | null>,
  settled: (row: T) => boolean,
  deadline: number,
  signal: AbortSignal,
  options: JobWaitOptions = {},
): Promise<T | null> {
  for (;;) {
    const remaining = deadline - Date.now();
    const stop = new AbortController();
    const slice = events.listening ? remaining : Math.min(remaining, BLIND_RECHECK_MS);
    const woken = events.waitFor(id, slice, AbortSignal.any([stop.signal, signal]), { progress: options.progress });
    let row: T | null;
    try {
      row = await read();
    } catch (error) {
      stop.abort();
      throw error;
    }
    if (!row || settled(row) || remaining <= 0 || signal.aborted) {
      stop.abort();
      return row;
    }
    await woken;
  }
}
