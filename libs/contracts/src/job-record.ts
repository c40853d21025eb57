import type { ExtractionResult } from './extraction';
import type { JobErrorCode } from './job-error-code';
import type { JsonValue } from './job-output';
import type { JobResult } from './job-result';
import type { JobStatus } from './job-status';
import type { JobType } from './job-type';
import type { WebhookState } from './webhook';

export interface JobError {
  code: JobErrorCode;
  message: string;
}

/** How far a running job has got: `pagesDone` of its `pages` pages converted (it never goes down). */
export interface JobProgress {
  pagesDone: number;
  pages: number;
}

/** Body of the 202 answer to POST /format (the spec's format response). */
export interface CreatedJobRecord {
  id: string;
  createdAt: string;
  status: JobStatus;
  pages: number;
  fileName: string;
  type: JobType;
  /**
   * A format job's output per format name: a string for text formats, the JSON value
   * itself for JSON formats. An extraction job's is where each format can be rendered
   * from its stored document: `{"markdown": "/job/{id}/formats/markdown", …}`.
   */
  formats: Record<string, JsonValue>;
}

/** Body of GET /job/{id} (the spec's poll response, plus additive fields). */
export interface JobRecord extends CreatedJobRecord {
  updatedAt: string;
  startedAt: string | null;
  completedAt: string | null;
  requestedFormats: string[];
  attempts: number;
  /** Present only while the job is IN_PROGRESS and its page count is known. */
  progress?: JobProgress;
  /** `{}` until COMPLETED; an extraction job's holds its extraction too (ExtractionResult). */
  result: JobResult | ExtractionResult | Record<string, never>;
  error: JobError | null;
  /** Present when the job asked for a webhook: where its delivery stands. */
  webhook?: WebhookState;
  /** Present when the job was submitted in a batch (POST /batches). */
  batchId?: string;
}

/** One job in GET /jobs: the record without its outputs and result (fetch the job for those). */
export type JobSummary = Omit<JobRecord, 'formats' | 'result'>;

/** Body of GET /jobs: a page of the client's jobs, newest first. */
export interface JobList {
  jobs: JobSummary[];
  /** Pass as `cursor` for the next page; null on the last one. */
  nextCursor: string | null;
}
