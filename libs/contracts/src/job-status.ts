/** The job statuses of the spec (part 3); the same strings are stored in Postgres. */
export const JobStatus = {
  CREATED: 'CREATED',
  IN_PROGRESS: 'IN_PROGRESS',
  COMPLETED: 'COMPLETED',
  FAILED: 'FAILED',
} as const;
export type JobStatus = (typeof JobStatus)[keyof typeof JobStatus];

/** Once a job is in one of these it never changes again. */
export const TERMINAL_STATUSES: readonly JobStatus[] = [JobStatus.COMPLETED, JobStatus.FAILED];

export function isTerminalStatus(status: JobStatus): boolean {
  return TERMINAL_STATUSES.includes(status);
}
