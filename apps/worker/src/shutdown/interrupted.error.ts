/**
 * Work was cut short because this worker is shutting down, not because of the job.
 * The job must not be failed for it: its row stays IN_PROGRESS and BullMQ's stalled
 * detection (or the sweep) hands it to another worker.
 */
export class InterruptedError extends Error {
  constructor(what: string) {
    super(`${what} was interrupted because the worker is shutting down`);
    this.name = 'InterruptedError';
  }
}

export function isInterrupted(error: unknown): error is InterruptedError {
  return error instanceof InterruptedError;
}
