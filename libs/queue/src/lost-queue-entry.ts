/** A BullMQ error about a job whose queue entry (or its lock) vanished under the worker. */
export interface LostQueueEntry {
  jobId: string;
  /** What BullMQ was doing: moveToFinished, extendLock, … */
  operation: string;
}

const PATTERNS: RegExp[] = [
  // Scripts (finished-errors.js): the job hash is gone, e.g. after FLUSHALL.
  /^Missing key for job (?<jobId>\S+)\. (?<operation>\w+)/,
  // The hash is there but the lock is not: flushed locks, or a stalled job taken over.
  /^Missing lock for job (?<jobId>\S+)\. (?<operation>\w+)/,
  // Lock renewal (lock-manager.js) found no lock to extend.
  /^could not renew lock for job (?<jobId>\S+)/,
];

/**
 * Recognises BullMQ's "the entry is gone" errors. They are expected after Redis
 * loses its data (FLUSHALL, a restart without persistence) or after a stalled job
 * was handed to another worker: Postgres still holds the job's true state (the
 * conversion's outcome was written there first), and the sweep re-queues any job
 * that is unfinished without a queue entry. Not errors, then, but worth a warning.
 */
export function lostQueueEntry(error: unknown): LostQueueEntry | null {
  const message = error instanceof Error ? error.message : undefined;
  if (!message) return null;
  for (const pattern of PATTERNS) {
    const groups = pattern.exec(message)?.groups;
    if (groups?.['jobId']) return { jobId: groups['jobId'], operation: groups['operation'] ?? 'extendLock' };
  }
  return null;
}
