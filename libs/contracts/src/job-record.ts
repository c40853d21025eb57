import type { ExtractionResult } from './extraction';
import type { JobWarning } from './format-options';
import type { JobErrorCode } from './job-error-code';
import type { JsonValue } from './job-output';
import type { JobStatus } from './job-status';
import type { JobType } from './job-type';
import type { WebhookState } from './webhook';

/** What the service learned about the source document; filled once COMPLETED. */
export interface JobResult {
  mimeType: string;
  bytes: number;
  sha256: string;
  metadata: DocumentMetadata;
  /** Present when `format.pages` left pages out: the pages that were converted. */
  pagesConverted?: number[];
  /** Present when pages were read by OCR. */
  ocr?: OcrResult;
  /** Things to know about a completed conversion, such as NO_TEXT_FOUND; often empty. */
  warnings: JobWarning[];
  /** Present (true) when the outputs were taken from an earlier job's conversion of the same bytes (the result cache). */
  cached?: true;
}

export interface OcrResult {
  /** The pages whose text came from OCR. */
  pages: number[];
  /** Mean word confidence over those pages, 0-100. */
  meanConfidence: number;
}

export interface DocumentMetadata {
  title?: string;
  author?: string;
  subject?: string;
  keywords?: string;
  language?: string;
  producer?: string;
  createdAt?: string;
  modifiedAt?: string;
}

export interface JobError {
  code: JobErrorCode;
  message: string;
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
  /** `{}` until COMPLETED; an extraction job's holds its extraction too (ExtractionResult). */
  result: JobResult | ExtractionResult | Record<string, never>;
  error: JobError | null;
  /** Present when the job asked for a webhook: where its delivery stands. */
  webhook?: WebhookState;
}

/** One job in GET /jobs: the record without its outputs and result (fetch the job for those). */
export type JobSummary = Omit<JobRecord, 'formats' | 'result'>;

/** Body of GET /jobs: a page of the client's jobs, newest first. */
export interface JobList {
  jobs: JobSummary[];
  /** Pass as `cursor` for the next page; null on the last one. */
  nextCursor: string | null;
}
