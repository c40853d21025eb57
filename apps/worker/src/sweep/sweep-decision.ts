/** BullMQ's view of a job id (`unknown`: no entry at all). */
export type QueueEntryState = 'unknown' | 'waiting' | 'active' | 'delayed' | 'prioritized' | 'waiting-children' | 'completed' | 'failed';

export type SweepAction =
  /** The entry will run (or is running): nothing to do. */
  | 'leave'
  /** No entry: enqueue the id. */
  | 'enqueue'
  /** A finished entry for an unfinished row: remove it (it would swallow the add), then enqueue. */
  | 'replace';

/** Only for rows that are CREATED (old enough) or IN_PROGRESS. */
export function decideSweepAction(state: string): SweepAction {
  if (state === 'unknown') return 'enqueue';
  if (state === 'completed' || state === 'failed') return 'replace';
  return 'leave';
}
