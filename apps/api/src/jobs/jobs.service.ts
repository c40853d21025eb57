import type { AppConfig } from '@docformat/config';
import {
  canonicalJson,
  ImageMode,
  isUuid,
  JobStatus,
  JobType,
  ProblemCode,
  type CreatedJobRecord,
  type FormatOptions,
  type JobRecord,
} from '@docformat/contracts';
import { outputFormatNames } from '@docformat/converters/names';
import { ClientJobRepository, JobEvents, type ApiClient, type JobRow, type NewJob, toCreatedJobRecord, toJobRecord } from '@docformat/db';
import { ApiMetrics } from '@docformat/metrics';
import { JobQueue } from '@docformat/queue';
import { APP_CONFIG } from '@docformat/infra';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { createHash, randomUUID } from 'node:crypto';
import { notFound, ProblemException } from '../http/problem.exception';
import { chunkingOptions } from './dto/chunking-options.dto';
import type { FormatSelectionDto, WebhookDto } from './dto/create-format-job.dto';
import type { ExtractionOptionsDto } from './extract/create-extraction-job.dto';
import { assertPublicWebhook } from './webhook-address';
import { ImageLinks } from './images/image-links.service';
import { type JobWaitOptions, waitForJob } from './wait/job-waiter';

/** What a POST /format asks for, from a JSON body or a multipart upload. */
export interface FormatJobRequest {
  /** The document URL, or an uploaded file's name. */
  fileName: string;
  /** The stored upload to convert, when the document was uploaded. */
  uploadId?: string;
  format: FormatSelectionDto;
  webhook?: WebhookDto;
  /**
   * The request as the client sent it, for Idempotency-Key: the same key may only be
   * used again with the same request (the JSON body, or an upload's bytes and parts).
   */
  fingerprint: unknown;
}

/** What a submission gave: the job's record, and whether it was made before under the same Idempotency-Key. */
export interface Submitted {
  record: CreatedJobRecord;
  replayed: boolean;
}

/** What a POST /extract asks for, from a JSON body or a multipart upload. */
export interface ExtractionJobRequest {
  fileName: string;
  uploadId?: string;
  options?: ExtractionOptionsDto;
  webhook?: WebhookDto;
  /** As FormatJobRequest.fingerprint. */
  fingerprint: unknown;
}

/** What a format job converts to: its formats (each once) and the options set. POST /batches makes its jobs so too. */
export function formatJobKind(format: FormatSelectionDto): Pick<NewJob, 'type' | 'requestedFormats' | 'options'> {
  const requested = Array.isArray(format.type) ? format.type : [format.type];
  return { type: JobType.FORMAT, requestedFormats: [...new Set(requested)], options: formatOptions({ format }) };
}

/** The options the client set, and only those: defaults are the worker's to apply. */
function formatOptions({ format }: Pick<FormatJobRequest, 'format'>): FormatOptions | undefined {
  const options: FormatOptions = {
    ...(format.ocr !== undefined ? { ocr: format.ocr } : {}),
    ...(format.languages !== undefined ? { languages: [...new Set(format.languages)] } : {}),
    ...(format.pages !== undefined ? { pages: format.pages } : {}),
    ...(format.pageMarkers !== undefined ? { pageMarkers: format.pageMarkers } : {}),
    ...(format.tables !== undefined ? { tables: format.tables } : {}),
    ...(format.images !== undefined ? { images: format.images } : {}),
    ...(format.chunking ? { chunking: chunkingOptions(format.chunking) } : {}),
    ...(format.cache !== undefined ? { cache: format.cache } : {}),
    ...(format.split !== undefined ? { split: format.split } : {}),
  };
  return Object.keys(options).length > 0 ? options : undefined;
}

export const keyReused = (key: string) =>
  new ProblemException({
    status: 422,
    code: ProblemCode.IDEMPOTENCY_KEY_REUSED,
    title: 'Unprocessable Content',
    detail: `The Idempotency-Key "${key}" was used within the last 24 hours for a different request; use a new key for a new request.`,
  });

/** What an Idempotency-Key's request is compared by: the SHA-256 of the request as sent, in canonical JSON. */
export const requestHash = (fingerprint: unknown): string => createHash('sha256').update(canonicalJson(fingerprint)).digest('hex');

/** Seconds a client should wait before trying again when Redis is unreachable. */
const QUEUE_RETRY_AFTER_SECONDS = 5;

@Injectable()
export class JobsService {
  private readonly logger = new Logger('jobs');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly jobs: ClientJobRepository,
    private readonly queue: JobQueue,
    private readonly metrics: ApiMetrics,
    private readonly events: JobEvents,
    private readonly links: ImageLinks,
  ) {}

  /**
   * Commits the row first, then enqueues its id. If Redis does not answer, the row
   * stays CREATED (the worker's sweep enqueues it later) and the client is told so.
   */
  async createFormatJob(client: ApiClient, request: FormatJobRequest, idempotencyKey?: string): Promise<Submitted> {
    return this.submit(client, request, formatJobKind(request.format), idempotencyKey);
  }

  /**
   * An extraction job: the worker reads the document once into its stored tree and
   * findings and renders nothing up front; formats are rendered from the tree on
   * demand (GET /job/{id}/formats/{name}).
   */
  async createExtractionJob(client: ApiClient, request: ExtractionJobRequest, idempotencyKey?: string): Promise<Submitted> {
    const options = request.options ? formatOptions({ ...request, format: { type: [], ...request.options } }) : undefined;
    return this.submit(client, request, { type: JobType.EXTRACTION, requestedFormats: [], options }, idempotencyKey);
  }

  /** Saves the job (committed before anything else), then queues it; see createFormatJob. */
  private async submit(
    client: ApiClient,
    request: { fileName: string; uploadId?: string; webhook?: WebhookDto; fingerprint: unknown },
    kind: Pick<NewJob, 'type' | 'requestedFormats' | 'options'>,
    idempotencyKey: string | undefined,
  ): Promise<Submitted> {
    if (request.webhook) assertPublicWebhook(request.webhook.url, this.config.FETCH_ALLOW_PRIVATE);
    const job: NewJob = {
      id: randomUUID(),
      ownerId: client.id,
      ...kind,
      fileUrl: request.fileName,
      ...(request.uploadId ? { uploadId: request.uploadId } : {}),
      ...(request.webhook ? { webhookUrl: request.webhook.url } : {}),
    };
    let row: JobRow;
    if (idempotencyKey === undefined) row = await this.jobs.create(job);
    else {
      const created = await this.jobs.createIdempotent(job, { key: idempotencyKey, requestHash: requestHash(request.fingerprint) });
      if (created.outcome === 'key-reused') throw keyReused(idempotencyKey);
      if (created.outcome === 'replayed') {
        // The first request's job, whatever became of its queueing (the sweep queues a saved job).
        this.logger.log({ event: 'job.replayed', jobId: created.row.id, clientId: client.id });
        return { record: toCreatedJobRecord(created.row), replayed: true };
      }
      row = created.row;
    }
    await this.queueSaved(client, [row], `/job/${row.id}`);
    return { record: toCreatedJobRecord(row), replayed: false };
  }

  /**
   * Queues jobs whose rows are committed, each under its client (fair scheduling
   * counts them as that client's work), in as few round trips as the queue's batcher
   * makes. If Redis does not answer, the rows stay CREATED (the sweep queues them) and
   * the client is told so with a 503 pointing at `location`.
   */
  async queueSaved(client: ApiClient, rows: readonly JobRow[], location: string): Promise<void> {
    const failures = await Promise.all(
      rows.map((row) => {
        this.metrics.jobCreated(row.requestedFormats);
        return this.queue.enqueueConversion(row.id, this.config.ENQUEUE_TIMEOUT_MS, { ownerId: client.id }).then(
          () => undefined,
          (error: unknown) => error as Error,
        );
      }),
    );
    rows.forEach((row, i) => {
      // One line per accepted job: saved, and queued or not.
      const queued = failures[i] === undefined;
      const fields = { event: 'job.created', jobId: row.id, clientId: client.id, type: row.type, formats: row.requestedFormats, queued };
      this.logger.log({ ...fields, ...(row.batchId ? { batchId: row.batchId } : {}) });
    });
    const enqueueError = failures.find((failure) => failure !== undefined);
    if (!enqueueError) return;
    // The rows are saved: the jobs exist even though they are not queued yet.
    this.logger.warn({ event: 'job.enqueue_failed', jobIds: rows.map((row) => row.id), reason: enqueueError.message });
    const [what, next] =
      rows.length === 1
        ? [`The job ${rows[0]?.id} was`, 'It will be queued automatically once the queue is back; poll it instead of submitting again.']
        : [
            `The ${rows.length} jobs of ${location} were`,
            'They will be queued automatically once the queue is back; poll the batch instead.',
          ];
    throw new ProblemException({
      status: 503,
      code: ProblemCode.QUEUE_UNAVAILABLE,
      title: 'Service Unavailable',
      detail: `${what} saved but could not be queued because the queue is unreachable. ${next}`,
      headers: { 'Retry-After': String(QUEUE_RETRY_AFTER_SECONDS), Location: location },
      extensions: rows.length === 1 ? { jobId: rows[0]?.id } : { location },
    });
  }

  /**
   * The job now, or with `waitSeconds`, as soon as it is COMPLETED or FAILED (with
   * `wait.progress`, also as soon as its progress changes), or once that time is up, as
   * it is then. Unknown, malformed and foreign ids all look the same: 404. `signal` ends
   * a wait when the client goes away.
   */
  async getJob(
    client: ApiClient,
    id: string,
    waitSeconds = 0,
    signal: AbortSignal = new AbortController().signal,
    wait: JobWaitOptions = {},
  ): Promise<JobRecord> {
    const read = () => this.jobs.findForOwner(id, client.id);
    const row = !isUuid(id)
      ? null
      : waitSeconds > 0
        ? await waitForJob(this.events, id, read, Date.now() + waitSeconds * 1000, signal, wait)
        : await read();
    if (!row) throw notFound(`There is no job with id "${id}".`);
    const record = toJobRecord(row, outputFormatNames());
    // Links to the job's pictures are signed as the record is handed out (image-links.service.ts).
    const mode = (row.options as FormatOptions | null)?.images;
    const linksImages = (mode !== undefined && mode !== ImageMode.PLACEHOLDER) || row.type === JobType.EXTRACTION;
    return linksImages && row.status === JobStatus.COMPLETED ? this.links.resolveAll(client.id, id, record, mode) : record;
  }
}
