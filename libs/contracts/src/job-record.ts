import type { JobErrorCode } from './job-error-code';
import type { JobStatus } from './job-status';
import type { JobType } from './job-type';

/** What the service learned about the source document; filled once COMPLETED. */
export interface JobResult {
  mimeType: string;
  bytes: number;
  sha256: string;
  metadata: DocumentMetadata;
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
  formats: Record<string, string>;
}

/** Body of GET /job/{id} (the spec's poll response, plus additive fields). */
export interface JobRecord extends CreatedJobRecord {
  updatedAt: string;
  startedAt: string | null;
  completedAt: string | null;
  requestedFormats: string[];
  attempts: number;
  /** `{}` until COMPLETED. */
  result: JobResult | Record<string, never>;
  error: JobError | null;
}
