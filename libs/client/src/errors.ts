import type { JobRecord, Problem } from './types';

/**
 * Every failure the client reports: `code` is the API's machine-readable code where the
 * API gave one (`RATE_LIMITED`, `NOT_FOUND`, a failed job's `DOWNLOAD_FAILED`…), and
 * `detail` says what happened in words.
 */
export class DocformatError extends Error {
  constructor(
    readonly code: string,
    readonly detail: string,
  ) {
    super(`${code}: ${detail}`);
    this.name = new.target.name;
  }
}

/** The API answered with an error: its problem+json, and the HTTP status. */
export class DocformatApiError extends DocformatError {
  constructor(
    readonly status: number,
    readonly problem: Problem,
    /** Seconds the API asked to wait (429 and 503), when it said. */
    readonly retryAfterSeconds?: number,
  ) {
    super(problem.code, problem.detail);
  }

  /** The API answered without a problem body (a proxy's page, an empty answer): the status stands in for the code. */
  static fromAnswer(status: number, body: unknown, retryAfterSeconds?: number): DocformatApiError {
    const problem = isProblem(body)
      ? body
      : { type: 'about:blank', title: `HTTP ${status}`, status, code: `HTTP_${status}`, detail: describe(body, status) };
    return new DocformatApiError(status, problem, retryAfterSeconds);
  }
}

/** The API could not be reached at all (refused, reset, unknown host). */
export class DocformatConnectionError extends DocformatError {
  constructor(
    readonly url: string,
    cause: unknown,
  ) {
    super('CONNECTION_FAILED', `could not reach the API at ${url}: ${reasonOf(cause)}`);
  }
}

/** The job ended FAILED (cancelled included): the job's `error.code` and message. */
export class JobFailedError extends DocformatError {
  constructor(readonly job: JobRecord) {
    super(job.error?.code ?? 'FAILED', job.error?.message ?? `job ${job.id} failed`);
  }
}

function isProblem(body: unknown): body is Problem {
  return !!body && typeof body === 'object' && typeof (body as Problem).code === 'string' && typeof (body as Problem).detail === 'string';
}

function describe(body: unknown, status: number): string {
  const text = typeof body === 'string' ? body.trim() : '';
  return text ? text.slice(0, 200) : `the API answered ${status}`;
}

/** fetch() hides the socket's reason (ECONNREFUSED, ENOTFOUND) in `cause`. */
function reasonOf(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } })?.cause;
  return cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
}
