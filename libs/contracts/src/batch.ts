import type { JobErrorCode } from './job-error-code';
import { JobStatus } from './job-status';
import type { WebhookState } from './webhook';

/** The most files one POST /batches takes: enough for a folder, small enough for one transaction. */
export const MAX_BATCH_FILES = 1000;

/** Jobs per page of GET /batches/{id} when `limit` is absent, and the most it takes. */
export const DEFAULT_BATCH_PAGE = 100;
export const MAX_BATCH_PAGE = 1000;

/** The Docformat-Event of a batch's one delivery, sent once every job of the batch has ended. */
export const BATCH_COMPLETED_EVENT = 'batch.completed';

/** One job of a batch as the batch lists it (the job itself is GET /job/{id}). */
export interface BatchJob {
  id: string;
  fileName: string;
  status: JobStatus;
  /** A FAILED job's error code, else null. */
  errorCode: JobErrorCode | null;
}

/** How many of a batch's jobs are in each status (every status present, 0 included). */
export type BatchCounts = Record<JobStatus, number>;

/** A batch's counts with every status, 0 for those no job is in (`stored`: status → jobs, as Postgres groups them). */
export function batchCounts(stored: Readonly<Record<string, number>>): BatchCounts {
  return Object.fromEntries(Object.values(JobStatus).map((status) => [status, stored[status] ?? 0])) as BatchCounts;
}

/** Body of POST /batches (202) and GET /batches/{id}. */
export interface BatchRecord {
  id: string;
  createdAt: string;
  /** When its last job ended; null while some run or wait. */
  completedAt: string | null;
  total: number;
  counts: BatchCounts;
  /** Every job has ended (COMPLETED or FAILED) or gone. */
  done: boolean;
  /** Present when the batch asked for a webhook: where its one delivery stands. */
  webhook?: WebhookState;
  /** A page of the jobs, in the order of the request's files. */
  jobs: BatchJob[];
  /** Pass as `cursor` for the next page of jobs; null on the last one. */
  nextCursor: string | null;
}

/** What a batch's webhook POSTs: the batch's counts, without its jobs (GET batchUrl for those). */
export interface BatchWebhookBody {
  event: typeof BATCH_COMPLETED_EVENT;
  id: string;
  createdAt: string;
  completedAt: string | null;
  total: number;
  counts: BatchCounts;
  /** PUBLIC_URL + /batches/{id}, or the path alone. */
  batchUrl: string;
}
