import { TERMINAL_STATUSES, type JobStatus } from '@docformat/contracts';
import type { DocformatBackend, JobView } from './backend';

/** The longest single long-poll GET /job/{id} takes. */
export const MAX_WAIT_SECONDS = 60;

/**
 * Long-polls the job until it ends or `timeoutSeconds` have passed since `startedAt`,
 * and answers it as it is then. A time limit of 0 answers the job as submitted. The
 * job goes on either way (a tool call that gives up, or is cancelled, does not cancel it).
 */
export async function waitForJob(
  backend: DocformatBackend,
  job: JobView,
  timeoutSeconds: number,
  signal: AbortSignal,
  startedAt = Date.now(),
): Promise<JobView> {
  const deadline = startedAt + timeoutSeconds * 1000;
  let current = job;
  while (!TERMINAL_STATUSES.includes(current.status as JobStatus) && !signal.aborted) {
    const left = deadline - Date.now();
    if (left <= 0) break;
    // Whole seconds, at least one: the API's `wait` unit (a last poll may overrun by under a second).
    current = await backend.getJob(current.id, Math.min(MAX_WAIT_SECONDS, Math.max(1, Math.round(left / 1000))), signal);
  }
  return current;
}
