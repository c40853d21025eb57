/**
 * What the MCP tools need of docformat. Two implementations: the API's, in-process
 * (apps/api/src/mcp: the services behind POST /format, GET /job/{id}…, for the client
 * whose token came with POST /mcp), and the CLI's, over HTTP with @docformat/client
 * (`docformat mcp`). The tools are written once, against this.
 */
export interface DocformatBackend {
  /** The output formats the service knows, for the tools' input schemas. */
  readonly formatNames: readonly string[];
  /** POST /format: the 202 record. */
  submitFormat(source: DocumentSource, format: FormatSelection): Promise<JobView>;
  /** POST /extract: the 202 record. */
  submitExtraction(source: DocumentSource, options: ExtractionOptions): Promise<JobView>;
  /** GET /job/{id}?wait=waitSeconds (0–60): answers when the job ends, or when the wait is up. */
  getJob(id: string, waitSeconds: number, signal: AbortSignal): Promise<JobView>;
  /** GET /jobs with these query parameters. */
  listJobs(query: ListJobsQuery): Promise<unknown>;
  /** The API's problem behind an error (its code and detail), or undefined for anything unexpected. */
  problemOf(error: unknown): ToolProblem | undefined;
}

/** A document at a URL the service downloads, or its bytes. */
export type DocumentSource = { url: string } | { content: Buffer; fileName: string };

/** The `format` object of POST /format: `type` and its options. */
export interface FormatSelection {
  type: string | string[];
  [option: string]: unknown;
}

/** The `options` object of POST /extract. */
export type ExtractionOptions = Record<string, unknown>;

export interface ListJobsQuery {
  status?: string;
  type?: string;
  limit?: number;
  cursor?: string;
}

/** What the tools read of a job record (the rest is passed through as it came). */
export interface JobView {
  id: string;
  status: string;
  pages: number;
  formats: Record<string, unknown>;
  result?: unknown;
  error?: { code: string; message: string } | null;
  progress?: { pagesDone: number; pages: number };
}

/** An error as a tool reports it: the API's problem code, what happened, and the HTTP status it has on the REST API. */
export interface ToolProblem {
  code: string;
  detail: string;
  status?: number;
  /** Validation errors, field by field. */
  errors?: { field?: string; message?: string }[];
}
