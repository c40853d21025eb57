import type { AppConfig } from '@docformat/config';
import { isTerminalStatus, JobErrorCode, type JobErrorCode as ErrorCode } from '@docformat/contracts';
import { type CacheKey, isDatabaseUnavailable, JobProcessingRepository, type ClaimedJob, type JobRow } from '@docformat/db';
import { WorkerMetrics } from '@docformat/metrics';
import { type Delivery, JobQueue, type Parked } from '@docformat/queue';
import { APP_CONFIG, WebhookDispatch } from '@docformat/infra';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { ConversionPool } from '../conversion/conversion-pool';
import { type ConversionTaskInput, type ConversionTaskSuccess, isPartSuccess } from '../conversion/conversion-task.types';
import { isInterrupted } from '../shutdown/interrupted.error';
import { ShutdownSignal } from '../shutdown/shutdown-signal';
import { conversionKey } from './conversion-key';
import { type DownloadedDocument, DocumentFetcher } from './document-fetcher';
import { type Cancellation, JobCancellations } from './job-cancellations';
import { databaseReason, DatabaseUnavailableError, decideFailure, RetryableJobError } from './failure-policy';
import { JobOutcomes } from './job-outcomes';
import { JobProgress } from './job-progress';
import { SplitParent } from './split/split-parent';
import { SourceKeeper } from './source-keeper';
import { imageLimits, keptWith } from './stored-document';

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
    private readonly outcomes: JobOutcomes,
    private readonly splitParent: SplitParent,
    private readonly sources: SourceKeeper,
  ) {}

  /**
   * With `delivery` (the queue's), a long PDF may be cut into page ranges for the whole
   * fleet (split/split-parent.ts), and the entry parked while they run: PARKED then.
   */
  async execute(jobId: string, delivery?: Delivery): Promise<ProcessOutcome | Parked> {
    try {
      return await this.process(jobId, delivery);
    } catch (error) {
      if (error instanceof DatabaseUnavailableError || !isDatabaseUnavailable(error)) throw error;
      const reason = databaseReason(error);
      this.logger.warn({ event: 'job.database_unavailable', jobId, reason, next: 'delivered again once Postgres answers' });
      throw new DatabaseUnavailableError(reason, { cause: error });
    }
  }

  private async process(jobId: string, delivery?: Delivery): Promise<ProcessOutcome | Parked> {
    // Watched from before the claim, so a cancellation that lands right after it is heard.
    const cancellation = this.cancellations.watch(jobId);
    try {
      // One statement: an unfinished job with attempts left is claimed, unless it is a
      // split job whose entry is delivered again for its ranges (no new attempt then).
      const claim = delivery
        ? await this.jobs.claimDelivery(jobId, this.config.JOB_MAX_ATTEMPTS)
        : await this.jobs.claim(jobId, this.config.JOB_MAX_ATTEMPTS).then((job) => (job ? { job, split: false } : null));
      let job = claim?.job ?? null;
      if (claim?.split && delivery) {
        const split = claim.job;
        const resumed = await this.run(split, cancellation, (signal) => this.splitParent.resume(split, delivery, signal, Date.now()));
        if (resumed !== 'restart') return resumed;
        // The split was given up (another converter version): converted again from the start, as a new attempt.
        job = await this.jobs.claim(jobId, this.config.JOB_MAX_ATTEMPTS);
      }
      if (!job) return await this.notClaimed(jobId);
      this.logger.log({ event: 'job.started', jobId, attempt: job.attempts, formats: job.requestedFormats });
      // One fewer of this client's jobs waits (fair scheduling); the sweep corrects a count this misses.
      if (job.attempts === 1) await this.queue.started(job.ownerId).catch(() => undefined);
      return await this.run(job, cancellation, (signal) => this.convert(job, cancellation, signal, delivery));
    } finally {
      cancellation.release();
    }
  }

  /** Runs `work` for the job, under shutdown and the job's cancellation; a failure is the job's (handleFailure). */
  private async run<T>(
    job: ClaimedJob,
    cancellation: Cancellation,
    work: (signal: AbortSignal) => Promise<T>,
  ): Promise<T | ProcessOutcome> {
    try {
      return await work(AbortSignal.any([this.shutdown.signal, cancellation.signal]));
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

  private async convert(
    job: ClaimedJob,
    cancellation: Cancellation,
    signal: AbortSignal,
    delivery?: Delivery,
  ): Promise<ProcessOutcome | Parked> {
    const started = Date.now();
    const document = job.uploadId ? await this.fetcher.readUpload(job.uploadId) : await this.fetcher.fetch(job.fileUrl, signal);
    this.logger.log({
      event: 'job.fetched',
      source: job.uploadId ? 'upload' : 'url',
      jobId: job.id,
      bytes: document.byteLength,
      mimeType: document.mimeType,
      durationMs: Date.now() - started,
    });
    await this.sources.keep(job.id, document);

    const cacheKey = { sourceSha256: document.sha256, conversionKey: conversionKey(job.requestedFormats, job.options) };
    if (job.options?.cache !== false && (await this.completeFromCache(job, cacheKey, document.extension, started))) return 'completed';

    const conversionStarted = performance.now();
    const input: ConversionTaskInput = {
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
      imageLimits: imageLimits(this.config),
      keep: keptWith(job),
    };
    const policy = delivery ? this.splitParent.policyFor(job, document) : undefined;
    // The pages read, as the job's progress; a split's ranges count their own pages instead.
    const progress = new JobProgress((done, pages) => this.jobs.recordProgress(job.id, done, pages));
    let converted: ConversionTaskSuccess;
    try {
      if (policy && delivery) {
        let announced: Promise<boolean> | undefined;
        const first = await this.pool.convertOrPlan(
          input,
          policy,
          (plan) => {
            void progress.stop();
            announced = this.splitParent.announce(job, plan, document, cacheKey, delivery);
            // Awaited below, once the first range is read; until then a failure must not go unhandled.
            announced.catch(() => undefined);
          },
          signal,
          progress,
        );
        if (isPartSuccess(first)) {
          if (!announced || !(await announced)) return 'skipped';
          return await this.splitParent.firstRangeRead(job, first.part, delivery, signal, started);
        }
        converted = first;
      } else {
        converted = await this.pool.convert(input, signal, progress);
      }
      await progress.finish();
    } finally {
      await progress.stop();
    }
    // Converted: from here on the outcome is this worker's to write (its own completion's event is no cancellation).
    cancellation.release();
    // Pages actually converted: a `pages` selection converts fewer than the document has.
    const pagesConverted = converted.pagesConverted?.length ?? converted.pages;
    this.metrics.converted(document.extension, (performance.now() - conversionStarted) / 1000, pagesConverted);
    return this.outcomes.completed(job, sourceOf(document), converted, cacheKey, started);
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
    return this.outcomes.failed(job, failure);
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
    return this.outcomes.failed(
      { id: row.id, attempts: row.attempts, hasWebhook: row.webhookUrl !== null || row.batchId !== null },
      failure,
      {
        reason: 'attempts exhausted',
      },
    );
  }
}

/** What the job's result says of its document. */
function sourceOf(document: DownloadedDocument): { mimeType: string; bytes: number; sha256: string; extension?: string } {
  return { mimeType: document.mimeType, bytes: document.byteLength, sha256: document.sha256, extension: document.extension };
}
