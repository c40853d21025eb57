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

const keyReused = (key: string) =>
  new ProblemException({
    status: 422,
    code: ProblemCode.IDEMPOTENCY_KEY_REUSED,
    title: 'Unprocessable Content',
    detail: `The Idempotency-Key "${key}" was used within the last 24 hours for a different request; use a new key for a new request.`,
  });

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
    const requested = Array.isArray(request.format.type) ? request.format.type : [request.format.type];
    return this.submit(
      client,
      request,
      {
        type: JobType.FORMAT,
        requestedFormats: [...new Set(requested)],
        options: formatOptions(request),
      },
      idempotencyKey,
    );
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
      const requestHash = createHash('sha256').update(canonicalJson(request.fingerprint)).digest('hex');
      const created = await this.jobs.createIdempotent(job, { key: idempotencyKey, requestHash });
      if (created.outcome === 'key-reused') throw keyReused(idempotencyKey);
      if (created.outcome === 'replayed') {
        // The first request's job, whatever became of its queueing (the sweep queues a saved job).
        this.logger.log({ event: 'job.replayed', jobId: created.row.id, clientId: client.id });
        return { record: toCreatedJobRecord(created.row), replayed: true };
      }
      row = created.row;
    }
    this.metrics.jobCreated(row.requestedFormats);
    let enqueueError: Error | undefined;
    try {
      await this.queue.enqueueConversion(row.id, this.config.ENQUEUE_TIMEOUT_MS, { ownerId: client.id });
    } catch (error) {
      enqueueError = error as Error;
    }
    // One line per accepted job: saved, and queued or not.
    const queued = enqueueError === undefined;
    this.logger.log({ event: 'job.created', jobId: row.id, clientId: client.id, type: row.type, formats: row.requestedFormats, queued });
    if (enqueueError) {
      // The row is saved: the job exists even though it is not queued yet.
      this.logger.warn({ event: 'job.enqueue_failed', jobId: row.id, reason: enqueueError.message });
      throw new ProblemException({
        status: 503,
        code: ProblemCode.QUEUE_UNAVAILABLE,
        title: 'Service Unavailable',
        detail:
          `The job ${row.id} was saved but could not be queued because the queue is unreachable. ` +
          'It will be queued automatically once the queue is back; poll it instead of submitting again.',
        headers: { 'Retry-After': String(QUEUE_RETRY_AFTER_SECONDS), Location: `/job/${row.id}` },
        extensions: { jobId: row.id },
      });
    }
    return { record: toCreatedJobRecord(row), replayed: false };
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
