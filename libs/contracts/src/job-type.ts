/**
 * `format` jobs come from POST /format, `extraction` jobs from POST /extract (and
 * `extraction` is the spec's default type for any job that has no other).
 */
export const JobType = {
  EXTRACTION: 'extraction',
  FORMAT: 'format',
} as const;
export type JobType = (typeof JobType)[keyof typeof JobType];
