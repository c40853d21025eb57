import type { AppConfig } from '@docformat/config';
import { DEFAULT_BATCH_PAGE, isUuid, ProblemCode, type BatchRecord } from '@docformat/contracts';
import { type ApiClient, type BatchRow, ClientBatchRepository, JobEvents, type JobRow, type NewBatch } from '@docformat/db';
import { APP_CONFIG, WebhookDispatch } from '@docformat/infra';
import { JobQueue, withTimeout } from '@docformat/queue';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { notFound, ProblemException } from '../http/problem.exception';
import { CANCELLED_MESSAGE } from '../jobs/control/job-control.service';
import type { FormatSelectionDto, WebhookDto } from '../jobs/dto/create-format-job.dto';
import { formatJobKind, JobsService, keyReused, requestHash } from '../jobs/jobs.service';
import { waitUntilSettled } from '../jobs/wait/job-waiter';
import { UploadSubmissions } from '../jobs/upload/upload-submissions';
import { assertPublicWebhook } from '../jobs/webhook-address';
import { decodeBatchCursor } from './batch-cursor';
import { toBatchRecord } from './batch-record';

/** What a POST /batches asks for, from a JSON body (URLs) or a multipart form (uploads). */
export interface BatchRequest {
  /** One job each, in order: a document URL, or an uploaded file's name with its stored upload. */
  files: { fileName: string; uploadId?: string }[];
  format: FormatSelectionDto;
  webhook?: WebhookDto;
  /** The request as sent, for Idempotency-Key (as FormatJobRequest.fingerprint). */
  fingerprint: unknown;
}

/** Which page of a batch's jobs to answer with. */
export interface BatchPage {
  limit?: number;
  cursor?: string;
}

/** A cancel or delete never waits long for Redis: the entries are only leftovers a worker would skip. */
const QUEUE_TIMEOUT_MS = 2000;

/**
 * Batches: one request, many jobs, made as POST /format makes one (the same job kind,
 * the same queueing under the client, so fair scheduling counts a batch as its
 * client's work), saved with the batch in one transaction.
 */
@Injectable()
export class BatchesService {
  private readonly logger = new Logger('batches');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly batches: ClientBatchRepository,
    private readonly jobs: JobsService,
    private readonly queue: JobQueue,
    private readonly events: JobEvents,
    private readonly webhooks: WebhookDispatch,
    private readonly uploads: UploadSubmissions,
  ) {}

  /**
   * Saves the batch with its jobs, then queues them; `replayed` when the Idempotency-Key
   * named it already. Uploads are kept only for jobs that were saved: a refused batch or
   * a replay drops this request's, a 503 QUEUE_UNAVAILABLE keeps them (the jobs were
   * saved; the sweep queues them), as createSubmitted does for one job.
   */
  async create(client: ApiClient, request: BatchRequest, idempotencyKey?: string): Promise<{ record: BatchRecord; replayed: boolean }> {
    let created: { record: BatchRecord; replayed: boolean };
    try {
      created = await this.save(client, request, idempotencyKey);
    } catch (error) {
      if (!(error instanceof ProblemException && error.problem.code === ProblemCode.QUEUE_UNAVAILABLE)) await this.discardUploads(request);
      throw error;
    }
    if (created.replayed) await this.discardUploads(request);
    return created;
  }

  private async discardUploads(request: BatchRequest): Promise<void> {
    await Promise.all(request.files.map((file) => (file.uploadId ? this.uploads.discard(file.uploadId) : undefined)));
  }

  private async save(
    client: ApiClient,
    request: BatchRequest,
    idempotencyKey?: string,
  ): Promise<{ record: BatchRecord; replayed: boolean }> {
    if (request.webhook) assertPublicWebhook(request.webhook.url, this.config.FETCH_ALLOW_PRIVATE);
    const batch: NewBatch = {
      id: randomUUID(),
      ownerId: client.id,
      ...formatJobKind(request.format),
      ...(request.webhook ? { webhookUrl: request.webhook.url } : {}),
      jobIds: request.files.map(() => randomUUID()),
      fileUrls: request.files.map((file) => file.fileName),
      uploadIds: request.files.map((file) => file.uploadId ?? null),
    };
    let rows: JobRow[];
    if (idempotencyKey === undefined) rows = await this.batches.create(batch);
    else {
      const created = await this.batches.createIdempotent(batch, { key: idempotencyKey, requestHash: requestHash(request.fingerprint) });
      if (created.outcome === 'key-reused') throw keyReused(idempotencyKey);
      if (created.outcome === 'replayed') {
        this.logger.log({ event: 'batch.replayed', batchId: created.batchId, clientId: client.id });
        return { record: await this.get(client, created.batchId, { limit: DEFAULT_BATCH_PAGE }), replayed: true };
      }
      rows = created.rows;
    }
    this.logger.log({ event: 'batch.created', batchId: batch.id, clientId: client.id, jobs: rows.length });
    await this.jobs.queueSaved(client, rows, `/batches/${batch.id}`);
    return { record: await this.get(client, batch.id, { limit: DEFAULT_BATCH_PAGE }), replayed: false };
  }

  /** The batch with a page of its jobs; with `waitSeconds`, once every job has ended or that time is up. */
  async get(client: ApiClient, id: string, page: BatchPage, waitSeconds = 0, signal = new AbortController().signal): Promise<BatchRecord> {
    const after = page.cursor === undefined ? -1 : decodeBatchCursor(page.cursor);
    const read = () => this.batches.findForOwner(id, client.id);
    const done = (row: BatchRow) => row.unfinished === 0;
    const row = !isUuid(id)
      ? null
      : waitSeconds > 0
        ? await waitUntilSettled(this.events, id, read, done, Date.now() + waitSeconds * 1000, signal)
        : await read();
    if (!row) throw notFound(`There is no batch with id "${id}".`);
    return toBatchRecord(row, await this.batches.jobsPage(id, after, page.limit ?? DEFAULT_BATCH_PAGE));
  }

  /** Cancels every job that has not ended; those that have keep their outcome. */
  async cancel(client: ApiClient, id: string): Promise<BatchRecord> {
    const cancelled = isUuid(id) ? await this.batches.cancel(id, client.id, CANCELLED_MESSAGE) : null;
    if (cancelled === null) throw notFound(`There is no batch with id "${id}".`);
    this.logger.log({ event: 'batch.cancelled', batchId: id, clientId: client.id, jobs: cancelled.length });
    await this.dropQueueEntries(id, cancelled);
    // The last cancelled job ended the batch: its delivery, if it asked for one, is pending now.
    const [last] = cancelled;
    if (last) await this.webhooks.dispatch(last);
    return this.get(client, id, { limit: DEFAULT_BATCH_PAGE });
  }

  /** Deletes the batch and all its jobs; running conversions stop on the deletions' events. */
  async delete(client: ApiClient, id: string): Promise<void> {
    const unfinished = isUuid(id) ? await this.batches.delete(id, client.id) : null;
    if (unfinished === null) throw notFound(`There is no batch with id "${id}".`);
    this.logger.log({ event: 'batch.deleted', batchId: id, clientId: client.id, unfinished: unfinished.length });
    await this.dropQueueEntries(id, unfinished);
  }

  /** Best effort, as for one job's cancel: a stale entry is only skipped by the worker. */
  private async dropQueueEntries(batchId: string, jobIds: readonly string[]): Promise<void> {
    await withTimeout(Promise.all(jobIds.map((jobId) => this.queue.remove(jobId))), QUEUE_TIMEOUT_MS, 'Removing the queue entries').catch(
      (error: unknown) => {
        this.logger.warn({ event: 'batch.queue_entries_kept', batchId, reason: error instanceof Error ? error.message : String(error) });
      },
    );
  }
}
