import type { ApiClient } from './api-client.ts';
import { isTerminal, type JobRecord } from './api-types.ts';

/**
 * Seconds of each long-poll. The first is short, so a job that has started shows
 * IN_PROGRESS soon (the API answers a long-poll early only when the job ends or its
 * pages done change); then long waits, each answered the moment the job completes or
 * fails, or converts more of its pages (`progress=1`).
 */
export const WAIT_SCHEDULE = [2, 25] as const;

/**
 * Follows a job with `GET /job/{id}?wait=N&progress=1` until it is COMPLETED or FAILED,
 * reporting every answer (its progress as it goes). Ends quietly (with the last record seen) when `signal` aborts: another
 * job was opened.
 */
export async function followJob(
  api: Pick<ApiClient, 'job'>,
  job: JobRecord,
  onUpdate: (job: JobRecord) => void,
  signal: AbortSignal,
): Promise<JobRecord> {
  let current = job;
  for (let round = 0; !isTerminal(current.status) && !signal.aborted; round++) {
    const wait = WAIT_SCHEDULE[Math.min(round, WAIT_SCHEDULE.length - 1)];
    try {
      current = await api.job(current.id, wait, signal, true);
    } catch (error) {
      if (signal.aborted) break;
      throw error;
    }
    if (!signal.aborted) onUpdate(current);
  }
  return current;
}
