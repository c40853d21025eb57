import type { JobList, JobRecord, Problem } from './api-types.ts';
import type { Submission } from './format-request.ts';

/** An answer other than the one asked for, with the API's problem details when it sent them. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly problem: Problem,
  ) {
    super(problemMessage(status, problem));
    this.name = 'ApiError';
  }
}

/** "Invalid request: format.pages must be … (format.pages: …)": one line a user can act on. */
export function problemMessage(status: number, problem: Problem): string {
  const head = problem.title ?? `HTTP ${status}`;
  const detail = problem.detail ? `: ${problem.detail}` : '';
  const fields = (problem.errors ?? []).map((error) => `${error.field}: ${error.message}`);
  const extra = fields.length > 0 && !fields.every((field) => detail.includes(field)) ? ` (${fields.join('; ')})` : '';
  return `${head}${detail}${extra}`;
}

type Fetch = typeof fetch;

/**
 * The public API, as any client calls it: the bearer token on every request, JSON in
 * and out, problem+json turned into ApiError. Same origin: the page is served by the API.
 */
export class ApiClient {
  constructor(
    private readonly token: string,
    private readonly fetchFn: Fetch = (input, init) => fetch(input, init),
  ) {}

  /** POST /format: 202 with the new job's record. */
  submit(submission: Submission): Promise<JobRecord> {
    // A FormData body gets its multipart Content-Type (with the boundary) from fetch itself.
    const headers: Record<string, string> = submission.kind === 'url' ? { 'Content-Type': 'application/json' } : {};
    return this.json<JobRecord>('/format', { method: 'POST', body: submission.body, headers });
  }

  /**
   * GET /job/{id}?wait=N: answers when the job ends, or after N seconds with the job as
   * it is; with `progress`, also as soon as its pages done change (`&progress=1`).
   */
  job(id: string, waitSeconds = 0, signal?: AbortSignal, progress = false): Promise<JobRecord> {
    const query = waitSeconds > 0 ? `?wait=${waitSeconds}${progress ? '&progress=1' : ''}` : '';
    return this.json<JobRecord>(`/job/${encodeURIComponent(id)}${query}`, { signal });
  }

  /** GET /jobs: the client's jobs, newest first. */
  jobs(limit: number, cursor?: string): Promise<JobList> {
    const query = new URLSearchParams({ limit: String(limit) });
    if (cursor) query.set('cursor', cursor);
    return this.json<JobList>(`/jobs?${query.toString()}`, {});
  }

  cancel(id: string): Promise<JobRecord> {
    return this.json<JobRecord>(`/job/${encodeURIComponent(id)}/cancel`, { method: 'POST' });
  }

  /** GET /job/{id}/formats/{name}: one output, raw (how an extraction job's outputs are read). */
  async rendered(id: string, format: string): Promise<string> {
    const response = await this.request(`/job/${encodeURIComponent(id)}/formats/${encodeURIComponent(format)}`, {});
    return response.text();
  }

  /** GET /job/{id}/pages/{n}: a page drawn as PNG (an <img> cannot send the token: the page shows it as a blob: URL). */
  async pageImage(id: string, page: number): Promise<Blob> {
    const response = await this.request(`/job/${encodeURIComponent(id)}/pages/${page}`, {});
    return response.blob();
  }

  private async json<T>(path: string, init: RequestInit): Promise<T> {
    return (await (await this.request(path, init)).json()) as T;
  }

  private async request(path: string, init: RequestInit): Promise<Response> {
    const headers = new Headers(init.headers);
    headers.set('Authorization', `Bearer ${this.token}`);
    const response = await this.fetchFn(path, { ...init, headers });
    if (!response.ok) throw new ApiError(response.status, await problemOf(response));
    return response;
  }
}

async function problemOf(response: Response): Promise<Problem> {
  try {
    const body: unknown = await response.json();
    return typeof body === 'object' && body !== null ? (body as Problem) : {};
  } catch {
    return {};
  }
}
