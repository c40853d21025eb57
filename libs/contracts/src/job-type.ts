/**
 * `format` jobs come from POST /format. `extraction` is the spec's default type for
 * any job that has no other (how extraction jobs are created is not specified yet).
 */
export const JobType = {
  EXTRACTION: 'extraction',
  FORMAT: 'format',
} as const;
export type JobType = (typeof JobType)[keyof typeof JobType];
