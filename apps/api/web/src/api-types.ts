/**
 * The page's view of the public API's records (docs/api.md): only the
 * fields it shows. Written here rather than imported from @docformat/contracts, so
 * the page compiles on its own for the browser and stays a client like any other.
 */
export const OUTPUT_FORMATS = ['text', 'markdown', 'html', 'json', 'chunks'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

export const OCR_MODES = ['auto', 'force', 'off'] as const;
export type OcrMode = (typeof OCR_MODES)[number];

export type JobStatus = 'CREATED' | 'IN_PROGRESS' | 'COMPLETED' | 'FAILED';

export interface JobError {
  code: string;
  message: string;
}

/** A running job's pages converted so far, of how many (present only while it runs and knows its page count). */
export interface JobProgress {
  pagesDone: number;
  pages: number;
}

export interface JobSummary {
  id: string;
  createdAt: string;
  status: JobStatus;
  pages: number;
  type: 'format' | 'extraction';
  fileName: string;
  error?: JobError | null;
  requestedFormats?: string[];
  progress?: JobProgress;
}

export interface JobRecord extends JobSummary {
  /** Outputs once COMPLETED: strings for text formats, JSON values for json and chunks; links for extraction jobs. */
  formats: Record<string, unknown>;
  result?: { warnings?: JobError[]; [field: string]: unknown };
}

export interface JobList {
  jobs: JobSummary[];
  nextCursor: string | null;
}

/** RFC 9457 problem details, as every error of the API is answered. */
export interface Problem {
  title?: string;
  status?: number;
  detail?: string;
  code?: string;
  errors?: { field: string; message: string }[];
}

export function isTerminal(status: JobStatus): boolean {
  return status === 'COMPLETED' || status === 'FAILED';
}

/** "12 / 40 pages" while the job runs and knows its page count, else null. */
export function pagesLabel(job: Pick<JobSummary, 'status' | 'progress'>): string | null {
  if (job.status !== 'IN_PROGRESS' || !job.progress) return null;
  return `${job.progress.pagesDone} / ${job.progress.pages} pages`;
}
