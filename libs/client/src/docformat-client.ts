import { randomUUID } from 'node:crypto';
import createClient, { type Client } from 'openapi-fetch';
import { resolveInput, type DocumentInput } from './document-input';
import { DocformatApiError, DocformatConnectionError, JobFailedError } from './errors';
import type { paths } from './generated/openapi';
import { DEFAULT_RETRY_POLICY, parseRetryAfter, withRetries, type RetryPolicy } from './retry';
import {
  TERMINAL_STATUSES,
  type BatchJob,
  type BatchRecord,
  type CreatedJob,
  type ExtractionOptions,
  type FormatName,
  type FormatOptions,
  type JobList,
  type JobRecord,
  type JobStatus,
  type JobType,
  type Outputs,
  type PageProgress,
} from './types';

export const DEFAULT_URL = 'http://localhost:3000';
/** The longest long-poll the API takes (`wait` is 0–60 s). */
const MAX_WAIT_SECONDS = 60;

export interface DocformatClientOptions {
  /** The API's base URL; default http://localhost:3000. */
  url?: string;
  /** An API token (`npm run token -- create <name>` on the server). */
  token: string;
  /** How 429 and 503 answers are retried (bounded; Retry-After is honoured). */
  retry?: Partial<RetryPolicy>;
}

export interface SubmitOptions {
  /** One output format or several; default markdown. */
  formats?: FormatName | FormatName[];
  /** The rest of `format`: ocr, languages, pages, pageMarkers, tables, images, cache, chunking. */
  options?: FormatOptions;
  /** Names an uploaded Buffer or Blob (a path's own name is used otherwise). */
  fileName?: string;
  /** Sent as Idempotency-Key; a fresh one per submission by default, kept across its retries. */
  idempotencyKey?: string;
  signal?: AbortSignal;
}

/** What the client saw of a job while waiting for it. */
export interface JobProgress {
  id: string;
  status: JobStatus;
  pages: number;
  /** While the job runs and its page count is known: pages converted so far, of how many. */
  progress?: PageProgress;
}

export interface WaitOptions {
  /** Told after the submission and after every long-poll answer. */
  onProgress?: (progress: JobProgress) => void;
  /**
   * Long-poll with `progress=1`: each poll is also answered as soon as the job's pages
   * done change, so `onProgress` hears them as they go (default: only the end answers).
   */
  pageProgress?: boolean;
  /** Seconds each long-poll may be held by the API (1–60, default 30). */
  waitSeconds?: number;
  signal?: AbortSignal;
}

export type ConvertOptions = SubmitOptions & WaitOptions;

export interface ExtractOptions extends Pick<SubmitOptions, 'fileName' | 'idempotencyKey' | 'signal'> {
  /** How the document is read: ocr, languages, pages. */
  options?: ExtractionOptions;
}

export interface PageImageOptions {
  /** 36–300 dots per inch; the API's default is 110. */
  dpi?: number;
  /** png (the API's default) or webp. */
  format?: 'png' | 'webp';
  signal?: AbortSignal;
}

/** A page drawn by GET /job/{id}/pages/{n}. */
export interface PageImage {
  /** image/png or image/webp. */
  mediaType: string;
  bytes: Uint8Array;
}

export interface Conversion {
  job: JobRecord;
  /** One entry per requested format: a string for text, markdown and html, the JSON value for json and chunks. */
  outputs: Outputs;
}

export interface SubmitBatchOptions extends Pick<SubmitOptions, 'formats' | 'options' | 'idempotencyKey' | 'signal'> {
  /** Sent once, signed, when every job of the batch has ended. */
  webhookUrl?: string;
}

export interface BatchQuery {
  /** Seconds (0–60) the API may hold the answer until every job has ended. */
  wait?: number;
  /** Jobs per page, 1–1000; the API's default is 100. */
  limit?: number;
  /** `nextCursor` of the previous page. */
  cursor?: string;
  signal?: AbortSignal;
}

export interface ListJobsQuery {
  status?: JobStatus;
  type?: JobType;
  /** 1–100; the API's default is 20. */
  limit?: number;
  /** `nextCursor` of the previous page. */
  cursor?: string;
}

/**
 * The API over HTTP: the generated, typed client (`api`, from the OpenAPI document)
 * with a thin layer for what every caller would otherwise write: submit a URL or an
 * upload, wait by long-poll, retry 429 and 503, and turn problem+json into errors.
 */
export class DocformatClient {
  /** The generated client, typed by the OpenAPI document, for any call this layer lacks. */
  readonly api: Client<paths>;
  readonly url: string;
  private readonly retry: RetryPolicy;

  constructor(options: DocformatClientOptions) {
    this.url = (options.url || DEFAULT_URL).replace(/\/+$/, '');
    this.retry = { ...DEFAULT_RETRY_POLICY, ...options.retry };
    this.api = createClient<paths>({ baseUrl: this.url, headers: { Authorization: `Bearer ${options.token}` } });
  }

  /** Submits, waits until the job ends, and returns its outputs; a FAILED job throws JobFailedError. */
  async convert(input: DocumentInput, options: ConvertOptions = {}): Promise<Conversion> {
    const created = await this.submit(input, options);
    options.onProgress?.({ id: created.id, status: created.status, pages: created.pages });
    const job = await this.waitForJob(created.id, options);
    if (job.status === 'FAILED') throw new JobFailedError(job);
    return { job, outputs: job.formats };
  }

  /** POST /format: a URL as a JSON body, a path, Buffer or Blob as an upload. Answers the 202 record. */
  async submit(input: DocumentInput, options: SubmitOptions = {}): Promise<CreatedJob> {
    return this.post('/format', input, { format: { type: options.formats ?? 'markdown', ...options.options } }, options);
  }

  /**
   * POST /extract: an extraction job, which reads the document once into a stored tree with
   * its tables, links and images (the record's `result` once COMPLETED); any format is then
   * rendered from it (`GET /job/{id}/formats/{name}`). Answers the 202 record.
   */
  async extract(input: DocumentInput, options: ExtractOptions = {}): Promise<CreatedJob> {
    return this.post('/extract', input, options.options ? { options: options.options } : {}, options);
  }

  /**
   * A submission: a URL as a JSON body `{file, ...parts}`, anything else as an upload with a
   * `file` part and each of `parts` as a part of JSON text. Every attempt carries the same
   * Idempotency-Key, so a retried submission never makes a second job.
   */
  private async post(
    path: '/format' | '/extract',
    input: DocumentInput,
    parts: Record<string, unknown>,
    options: Pick<SubmitOptions, 'fileName' | 'idempotencyKey' | 'signal'>,
  ): Promise<CreatedJob> {
    const resolved = await resolveInput(input, options.fileName);
    const header = { 'Idempotency-Key': options.idempotencyKey ?? randomUUID() };
    const signal = options.signal;
    // The generated body types are the JSON ones, one per path; both paths answer the same 202 record.
    const send = (body: unknown) => this.api.POST(path as '/format', { params: { header }, body: body as never, signal });
    if (resolved.kind === 'url') return this.call(() => send({ file: resolved.url, ...parts }));
    // A new form per attempt (see withRetries); the Blob is read from its file each time.
    const form = () => {
      const body = new FormData();
      for (const [name, value] of Object.entries(parts)) body.append(name, JSON.stringify(value));
      body.append('file', resolved.blob, resolved.fileName);
      return body;
    };
    return this.call(() => send(form()));
  }

  /**
   * POST /batches: one job per input with the same format, all URLs (sent as JSON, up to
   * 1,000) or all uploads (one multipart form, up to 1,000 files within the API's
   * MAX_FILE_BYTES together; past it the API answers 413 PAYLOAD_TOO_LARGE and keeps
   * none). Answers the 202 record, whose jobs come in the order of `inputs`.
   */
  async submitBatch(inputs: readonly DocumentInput[], options: SubmitBatchOptions = {}): Promise<BatchRecord> {
    const resolved = await Promise.all(inputs.map((input) => resolveInput(input)));
    const format = { type: options.formats ?? 'markdown', ...options.options };
    const webhook = options.webhookUrl ? { url: options.webhookUrl } : undefined;
    const header = { 'Idempotency-Key': options.idempotencyKey ?? randomUUID() };
    const send = (body: unknown) => this.api.POST('/batches', { params: { header }, body: body as never, signal: options.signal });
    const urls = resolved.flatMap((input) => (input.kind === 'url' ? [input.url] : []));
    if (urls.length === resolved.length) return this.call(() => send({ files: urls, format, ...(webhook ? { webhook } : {}) }));
    if (urls.length > 0) throw new TypeError('a batch is all URLs or all uploads: submit the URLs and the files as two batches');
    // A new form per attempt, as post() builds one; the Blobs are read from their files each time.
    const form = () => {
      const body = new FormData();
      body.append('format', JSON.stringify(format));
      if (webhook) body.append('webhook', JSON.stringify(webhook));
      for (const input of resolved) if (input.kind === 'upload') body.append('file', input.blob, input.fileName);
      return body;
    };
    return this.call(() => send(form()));
  }

  /** GET /batches/{id}: counts by status and one page of its jobs; with `wait`, once every job has ended or that many seconds passed. */
  getBatch(id: string, query: BatchQuery = {}): Promise<BatchRecord> {
    const { signal, ...params } = query;
    return this.call(() => this.api.GET('/batches/{id}', { params: { path: { id }, query: params }, signal }));
  }

  /** Every job of the batch as it stands now, page after page, in the order the batch was submitted. */
  async *batchJobs(id: string, options: { limit?: number; signal?: AbortSignal } = {}): AsyncGenerator<BatchJob> {
    let cursor: string | undefined;
    do {
      const page = await this.getBatch(id, { limit: options.limit ?? 1000, cursor, signal: options.signal });
      yield* page.jobs;
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
  }

  /** Long-polls GET /batches/{id}?wait=N until every job has ended; `onProgress` hears each answer. */
  async waitForBatch(
    id: string,
    options: { onProgress?: (batch: BatchRecord) => void; waitSeconds?: number; signal?: AbortSignal } = {},
  ): Promise<BatchRecord> {
    const wait = Math.min(Math.max(Math.round(options.waitSeconds ?? 30), 1), MAX_WAIT_SECONDS);
    for (;;) {
      const batch = await this.getBatch(id, { wait, signal: options.signal });
      options.onProgress?.(batch);
      if (batch.done) return batch;
    }
  }

  /** POST /batches/{id}/cancel: every job that had not ended becomes FAILED with CANCELLED. */
  cancelBatch(id: string): Promise<BatchRecord> {
    return this.call(() => this.api.POST('/batches/{id}/cancel', { params: { path: { id } } }));
  }

  /** DELETE /batches/{id}: the batch with all its jobs, running ones stopped. */
  async deleteBatch(id: string): Promise<void> {
    await this.call(() => this.api.DELETE('/batches/{id}', { params: { path: { id } } }));
  }

  /** Long-polls GET /job/{id}?wait=N until the job is COMPLETED or FAILED, and answers it. */
  async waitForJob(id: string, options: WaitOptions = {}): Promise<JobRecord> {
    const wait = Math.min(Math.max(Math.round(options.waitSeconds ?? 30), 1), MAX_WAIT_SECONDS);
    for (;;) {
      const job = await this.getJob(id, { wait, progress: options.pageProgress, signal: options.signal });
      options.onProgress?.({ id: job.id, status: job.status, pages: job.pages, ...(job.progress ? { progress: job.progress } : {}) });
      if (TERMINAL_STATUSES.includes(job.status)) return job;
    }
  }

  /**
   * GET /job/{id}; with `wait`, answers as soon as the job ends or after that many
   * seconds, and with `progress` too, also as soon as its `progress` changes.
   */
  getJob(id: string, options: { wait?: number; progress?: boolean; signal?: AbortSignal } = {}): Promise<JobRecord> {
    const query = options.wait === undefined ? undefined : { wait: options.wait, ...(options.progress ? { progress: '1' as const } : {}) };
    return this.call(() => this.api.GET('/job/{id}', { params: { path: { id }, query }, signal: options.signal }));
  }

  /** GET /jobs: the client's jobs, newest first, one page; follow `nextCursor`. */
  listJobs(query: ListJobsQuery = {}): Promise<JobList> {
    return this.call(() => this.api.GET('/jobs', { params: { query } }));
  }

  /** POST /job/{id}/cancel: the job, now FAILED with CANCELLED; a job that had ended is a 409 JOB_FINISHED. */
  cancelJob(id: string): Promise<JobRecord> {
    return this.call(() => this.api.POST('/job/{id}/cancel', { params: { path: { id } } }));
  }

  /**
   * GET /job/{id}/pages/{n}: page `page` (from 1) of a COMPLETED PDF or image job, drawn
   * from the source the job kept. Its problems (PAGE_OUT_OF_RANGE, SOURCE_NOT_KEPT,
   * NO_PAGE_IMAGES, …) throw as DocformatApiError.
   */
  async pageImage(jobId: string, page: number, options: PageImageOptions = {}): Promise<PageImage> {
    const query = { ...(options.dpi === undefined ? {} : { dpi: options.dpi }), ...(options.format ? { format: options.format } : {}) };
    let mediaType = '';
    const body = await this.call(async () => {
      const answer = await this.api.GET('/job/{id}/pages/{n}', {
        params: { path: { id: jobId, n: page }, query },
        parseAs: 'arrayBuffer',
        signal: options.signal,
      });
      mediaType = answer.response.headers.get('content-type') ?? '';
      return answer;
    });
    return { mediaType, bytes: new Uint8Array(body as unknown as ArrayBuffer) };
  }

  /**
   * GET /job/{id}/images/{n}: one picture the job kept (format.images referenced or
   * embedded), with its media type. The outputs' signed links work without a token too.
   */
  async image(id: string, n: number): Promise<{ mediaType: string; bytes: Uint8Array }> {
    let mediaType = '';
    const bytes = await this.call(async () => {
      const answer = await this.api.GET('/job/{id}/images/{n}', { params: { path: { id, n } }, parseAs: 'arrayBuffer' });
      mediaType = answer.response.headers.get('content-type') ?? '';
      return answer;
    });
    return { mediaType, bytes: new Uint8Array(bytes as unknown as ArrayBuffer) };
  }

  /** GET /job/{id}/bundle: a zip of the job's outputs with its pictures beside them (images/<n>.<ext>), linked by relative paths. */
  async bundle(id: string): Promise<Uint8Array> {
    const zip = await this.call(() => this.api.GET('/job/{id}/bundle', { params: { path: { id } }, parseAs: 'arrayBuffer' }));
    return new Uint8Array(zip as unknown as ArrayBuffer);
  }

  /** DELETE /job/{id}: the job and its outputs, stopped first if it runs. */
  async deleteJob(id: string): Promise<void> {
    await this.call(() => this.api.DELETE('/job/{id}', { params: { path: { id } } }));
  }

  /** One call with retries: its data, or the API's problem as a DocformatApiError. */
  private async call<T>(send: () => Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
    let answer: { data?: T; error?: unknown; response: Response };
    try {
      answer = await withRetries(send, this.retry);
    } catch (error) {
      if (error instanceof Error && error.name === 'AbortError') throw error;
      throw new DocformatConnectionError(this.url, error);
    }
    const { response } = answer;
    if (!response.ok)
      throw DocformatApiError.fromAnswer(response.status, answer.error, parseRetryAfter(response.headers.get('retry-after')));
    return answer.data as T;
  }
}
