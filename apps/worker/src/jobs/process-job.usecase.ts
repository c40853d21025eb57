import type { AppConfig } from '@docformat/config';
import { isTerminalStatus, JobErrorCode, type JobErrorCode as ErrorCode } from '@docformat/contracts';
import { type CacheKey, isDatabaseUnavailable, JobProcessingRepository, type ClaimedJob, type JobRow } from '@docformat/db';
import { WorkerMetrics } from '@docformat/metrics';
import { JobQueue } from '@docformat/queue';
import { APP_CONFIG, WebhookDispatch } from '@docformat/infra';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { ConversionPool } from '../conversion/conversion-pool';
import { isInterrupted } from '../shutdown/interrupted.error';
import { ShutdownSignal } from '../shutdown/shutdown-signal';
import { conversionKey } from './conversion-key';
import { DocumentFetcher } from './document-fetcher';
import { type Cancellation, JobCancellations } from './job-cancellations';
import { databaseReason, DatabaseUnavailableError, decideFailure, RetryableJobError } from './failure-policy';
import { keptWith, storedDocument } from './stored-document';

export type ProcessOutcome = 'completed' | 'failed' | 'skipped';

/**
 * One delivery of one job, from the id alone: Postgres holds the truth, so this
 * reloads the row and owns every status change. Safe to run twice for the same job
 * (BullMQ may deliver again after a stall or a sweep): every write is conditional
 * on the row not being terminal, and outputs are written with COMPLETED, once.
 *
 * Throws (so BullMQ retries) only for a transient failure with attempts left, for
 * an interrupted shutdown, or when Postgres itself fails: a job whose row cannot be
 * read or written because Postgres is down or restarting is delivered again, never
 * failed (its attempt is counted by the claim, as for any other retry).
 */
@Injectable()
export class ProcessJobUseCase {
  private readonly logger = new Logger('jobs');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly jobs: JobProcessingRepository,
    private readonly fetcher: DocumentFetcher,
    private readonly pool: ConversionPool,
    private readonly shutdown: ShutdownSignal,
    private readonly metrics: WorkerMetrics,
    private readonly cancellations: JobCancellations,
    private readonly webhooks: WebhookDispatch,
    private readonly queue: JobQueue,
  ) {}

  async execute(jobId: string): Promise<ProcessOutcome> {
    try {
      return await this.process(jobId);
    } catch (error) {
      if (error instanceof DatabaseUnavailableError || !isDatabaseUnavailable(error)) throw error;
      const reason = databaseReason(error);
      this.logger.warn({ event: 'job.database_unavailable', jobId, reason, next: 'delivered again once Postgres answers' });
      throw new DatabaseUnavailableError(reason, { cause: error });
    }
  }

  private async process(jobId: string): Promise<ProcessOutcome> {
    // Watched from before the claim, so a cancellation that lands right after it is heard.
    const cancellation = this.cancellations.watch(jobId);
    try {
      // The usual delivery in one statement: an unfinished job with attempts left is claimed.
      const job = await this.jobs.claim(jobId, this.config.JOB_MAX_ATTEMPTS);
      if (!job) return await this.notClaimed(jobId);
      this.logger.log({ event: 'job.started', jobId, attempt: job.attempts, formats: job.requestedFormats });
      // One fewer of this client's jobs waits (fair scheduling); the sweep corrects a count this misses.
      if (job.attempts === 1) await this.queue.started(job.ownerId).catch(() => undefined);
      return await this.run(job, cancellation);
    } finally {
      cancellation.release();
    }
  }

  private async run(job: ClaimedJob, cancellation: Cancellation): Promise<ProcessOutcome> {
    try {
      return await this.convert(job, cancellation);
    } catch (error) {
      if (cancellation.signal.aborted && !this.shutdown.signal.aborted) {
        // Cancelled or deleted by its client (the row says so already): nothing to write.
        this.logger.log({ event: 'job.stopped', jobId: job.id, attempt: job.attempts, reason: 'ended elsewhere' });
        return 'skipped';
      }
      if (isInterrupted(error)) {
        this.logger.warn({ event: 'job.interrupted', jobId: job.id, attempt: job.attempts });
        throw error;
      }
      return this.handleFailure(job, error);
    }
  }

  private async convert(job: ClaimedJob, cancellation: Cancellation): Promise<ProcessOutcome> {
    const started = Date.now();
    const signal = AbortSignal.any([this.shutdown.signal, cancellation.signal]);
    const document = job.uploadId ? await this.fetcher.readUpload(job.uploadId) : await this.fetcher.fetch(job.fileUrl, signal);
    this.logger.log({
      event: 'job.fetched',
      source: job.uploadId ? 'upload' : 'url',
      jobId: job.id,
      bytes: document.byteLength,
      mimeType: document.mimeType,
      durationMs: Date.now() - started,
    });

    const cacheKey = { sourceSha256: document.sha256, conversionKey: conversionKey(job.requestedFormats, job.options) };
    if (job.options?.cache !== false && (await this.completeFromCache(job, cacheKey, document.extension, started))) return 'completed';

    const conversionStarted = performance.now();
    const converted = await this.pool.convert(
      {
        bytes: document.bytes,
        fileName: document.fileName,
        contentType: document.contentType,
        // Identified once, on fetching: the thread reads with this reader rather than identify the bytes again.
        identified: { mimeType: document.mimeType, ...(document.reader ? { reader: document.reader } : {}) },
        formats: job.requestedFormats,
        maxPages: this.config.MAX_PAGES,
        options: job.options ?? {},
        ocrParallelism: this.config.OCR_THREADS,
        maxImagePixels: this.config.MAX_IMAGE_PIXELS,
        keep: keptWith(job),
      },
      signal,
    );
    // Converted: from here on the outcome is this worker's to write (its own completion's event is no cancellation).
    cancellation.release();
    // Pages actually converted: a `pages` selection converts fewer than the document has.
    const pagesConverted = converted.pagesConverted?.length ?? converted.pages;
    this.metrics.converted(document.extension, (performance.now() - conversionStarted) / 1000, pagesConverted);

    const stored = await this.jobs.complete(job.id, {
      pages: converted.pages,
      result: {
        mimeType: document.mimeType,
        bytes: document.byteLength,
        sha256: document.sha256,
        metadata: converted.metadata,
        ...(converted.pagesConverted ? { pagesConverted: converted.pagesConverted } : {}),
        ...(converted.ocr ? { ocr: converted.ocr } : {}),
        warnings: converted.warnings,
      },
      outputs: converted.outputs,
      document: storedDocument(converted),
      cacheKey,
    });
    if (!stored) {
      this.logger.log({ event: 'job.skipped', jobId: job.id, reason: 'finished by another delivery' });
      return 'skipped';
    }
    this.metrics.jobCompleted(document.extension);
    if (job.hasWebhook) await this.webhooks.dispatch(job.id);
    this.logger.log({
      event: 'job.completed',
      jobId: job.id,
      attempt: job.attempts,
      pages: converted.pages,
      ocrPages: converted.ocr?.pages.length ?? 0,
      warnings: converted.warnings.map((warning) => warning.code),
      durationMs: Date.now() - started,
    });
    return 'completed';
  }

  /**
   * The result cache: when an earlier job converted the same bytes the same way (the
   * client's own, or anyone's with CACHE_SCOPE=global), this job is completed from its
   * outputs, marked `cached`, without converting. False when there is none, or when it
   * went away (deleted) before it could be copied: then the job converts as usual.
   */
  private async completeFromCache(job: ClaimedJob, key: CacheKey, input: string | undefined, started: number): Promise<boolean> {
    const sourceId = await this.jobs.findCached(key, this.config.CACHE_SCOPE === 'global' ? undefined : job.ownerId);
    if (!sourceId || !(await this.jobs.completeFromCache(job.id, sourceId, key))) return false;
    this.metrics.jobCompleted(input);
    if (job.hasWebhook) await this.webhooks.dispatch(job.id);
    this.logger.log({ event: 'job.completed', jobId: job.id, attempt: job.attempts, cached: true, durationMs: Date.now() - started });
    return true;
  }

  private async handleFailure(job: ClaimedJob, error: unknown): Promise<ProcessOutcome> {
    const decision = decideFailure(error, job.attempts, this.config.JOB_MAX_ATTEMPTS);
    if (decision.action === 'wait-for-database') {
      this.logger.warn({
        event: 'job.database_unavailable',
        jobId: job.id,
        attempt: job.attempts,
        reason: decision.reason,
        next: 'delivered again once Postgres answers',
      });
      throw new DatabaseUnavailableError(decision.reason, { cause: error });
    }
    const failure = { code: decision.code, message: decision.message };
    if (decision.action === 'retry') {
      await this.jobs.recordRetryableError(job.id, failure);
      this.logger.warn({ event: 'job.retrying', jobId: job.id, attempt: job.attempts, ...failure });
      throw new RetryableJobError(decision.code, decision.message);
    }
    if (decision.unexpected) this.logger.error({ event: 'job.internal_error', jobId: job.id, err: error });
    if (await this.jobs.fail(job.id, failure)) {
      this.metrics.jobFailed(failure.code);
      if (job.hasWebhook) await this.webhooks.dispatch(job.id);
    }
    this.logger.warn({ event: 'job.failed', jobId: job.id, attempt: job.attempts, ...failure });
    return 'failed';
  }

  /** Why a delivery could not claim its job, read only then: gone, finished, or out of attempts. */
  private async notClaimed(jobId: string): Promise<ProcessOutcome> {
    const row = await this.jobs.findById(jobId);
    if (!row) {
      // The API commits the row before queueing it, so an unknown id is a deleted job,
      // or a queue shared with another database (the prefix guard prevents that).
      this.logger.warn({ event: 'job.skipped', jobId, reason: 'not found in this database' });
      return 'skipped';
    }
    if (isTerminalStatus(row.status)) {
      this.logger.log({ event: 'job.skipped', jobId, reason: `already ${row.status}` });
      return 'skipped';
    }
    // Deliveries that never finish (a worker killed again and again) must end somewhere.
    if (row.attempts >= this.config.JOB_MAX_ATTEMPTS) return this.giveUp(row);
    this.logger.log({ event: 'job.skipped', jobId, reason: 'finished meanwhile' });
    return 'skipped';
  }

  private async giveUp(row: JobRow): Promise<ProcessOutcome> {
    // The last recorded error says more than "interrupted", when there is one.
    const failure = row.errorCode
      ? { code: row.errorCode as ErrorCode, message: row.errorMessage ?? '' }
      : {
          code: JobErrorCode.INTERNAL_ERROR,
          message: `The conversion was started ${row.attempts} times without finishing and was given up`,
        };
    if (await this.jobs.fail(row.id, failure)) {
      this.metrics.jobFailed(failure.code);
      if (row.webhookUrl) await this.webhooks.dispatch(row.id);
    }
    this.logger.warn({ event: 'job.failed', jobId: row.id, attempt: row.attempts, reason: 'attempts exhausted', ...failure });
    return 'failed';
  }
}
