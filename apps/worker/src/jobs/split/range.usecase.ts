import type { AppConfig } from '@docformat/config';
import { JobErrorCode } from '@docformat/contracts';
import { JobSplitRepository, type RangeClaim } from '@docformat/db';
import { APP_CONFIG } from '@docformat/infra';
import { type Delivery, JobQueue, type Parked } from '@docformat/queue';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { ConversionPool } from '../../conversion/conversion-pool';
import { isInterrupted } from '../../shutdown/interrupted.error';
import { ShutdownSignal } from '../../shutdown/shutdown-signal';
import { DatabaseUnavailableError, decideFailure, RetryableJobError } from '../failure-policy';
import { JobCancellations } from '../job-cancellations';
import { JobOutcomes } from '../job-outcomes';
import type { ProcessOutcome } from '../process-job.usecase';
import { SplitDocuments } from './split-documents';
import { imageLimits } from '../stored-document';

/** How long a range over its client's cap waits before it is looked at again. */
export const CAPPED_RANGE_DELAY_MS = 1000;

type Claimed = Extract<RangeClaim, { outcome: 'claimed' }>;

/**
 * One page range of a split job (a `range` child entry): claimed in Postgres (which
 * counts its attempts and its client's ranges in flight), read in a thread from the
 * document the split keeps, and kept as its part. A range that fails for good fails
 * the job with its error; the job's other ranges then stop (their workers hear the job
 * end, as for a cancellation) or find it ended. A range whose worker is lost is taken
 * over by another once BullMQ sees its entry stalled.
 */
@Injectable()
export class RunRangeUseCase {
  private readonly logger = new Logger('jobs');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly splits: JobSplitRepository,
    private readonly documents: SplitDocuments,
    private readonly pool: ConversionPool,
    private readonly cancellations: JobCancellations,
    private readonly shutdown: ShutdownSignal,
    private readonly outcomes: JobOutcomes,
    private readonly queue: JobQueue,
  ) {}

  async execute(jobId: string, range: number, delivery: Delivery): Promise<ProcessOutcome | Parked> {
    const cancellation = this.cancellations.watch(jobId);
    try {
      const claim = await this.splits.claim(jobId, range, this.config.JOB_MAX_ATTEMPTS, this.config.SPLIT_RANGES_PER_CLIENT);
      switch (claim.outcome) {
        case 'ended':
        case 'done':
          this.documents.forget(jobId);
          this.logger.log({
            event: 'range.skipped',
            jobId,
            range,
            reason: claim.outcome === 'done' ? 'read already' : 'the job has ended',
          });
          return 'skipped';
        case 'capped':
          return await delivery.postpone(CAPPED_RANGE_DELAY_MS);
        case 'exhausted':
          return await this.outcomes.failed(
            { id: jobId, attempts: claim.attempts, hasWebhook: claim.hasWebhook },
            claim.error ?? {
              code: JobErrorCode.INTERNAL_ERROR,
              message: `Page range ${range + 1} was started ${claim.attempts} times without finishing and was given up`,
            },
            { range, reason: 'attempts exhausted' },
          );
      }
      // The range's first start: one fewer of its client's entries waits (fair scheduling).
      if (claim.attempts === 1) await this.queue.started(claim.ownerId).catch(() => undefined);
      return await this.read(jobId, range, claim, AbortSignal.any([this.shutdown.signal, cancellation.signal]), cancellation.release);
    } catch (error) {
      if (cancellation.signal.aborted && !this.shutdown.signal.aborted) {
        this.logger.log({ event: 'range.stopped', jobId, range, reason: 'the job ended elsewhere' });
        return 'skipped';
      }
      throw error;
    } finally {
      cancellation.release();
    }
  }

  private async read(jobId: string, range: number, claim: Claimed, signal: AbortSignal, converted: () => void): Promise<ProcessOutcome> {
    const started = performance.now();
    this.logger.log({ event: 'range.started', jobId, range, attempt: claim.attempts, pages: claim.pages.length });
    try {
      const bytes = await this.documents.get(jobId);
      if (!bytes) return 'skipped';
      const part = await this.pool.readRange(
        {
          bytes,
          pages: claim.pages,
          options: claim.options ?? {},
          ocrParallelism: this.config.OCR_THREADS,
          maxImagePixels: this.config.MAX_IMAGE_PIXELS,
          imageLimits: imageLimits(this.config),
        },
        signal,
      );
      // Read: from here on the outcome is this worker's to write.
      converted();
      const kept = await this.splits.complete(jobId, range, part);
      this.logger.log({
        event: kept ? 'range.completed' : 'range.skipped',
        jobId,
        range,
        attempt: claim.attempts,
        pages: claim.pages.length,
        durationMs: Math.round(performance.now() - started),
        ...(kept ? {} : { reason: 'read by another delivery, or the job has ended' }),
      });
      return kept ? 'completed' : 'skipped';
    } catch (error) {
      if (signal.aborted && !this.shutdown.signal.aborted) throw error;
      if (isInterrupted(error)) {
        this.logger.warn({ event: 'range.interrupted', jobId, range, attempt: claim.attempts });
        throw error;
      }
      return this.failed(jobId, range, claim, error);
    }
  }

  private async failed(jobId: string, range: number, claim: Claimed, error: unknown): Promise<ProcessOutcome> {
    const decision = decideFailure(error, claim.attempts, this.config.JOB_MAX_ATTEMPTS);
    if (decision.action === 'wait-for-database') throw new DatabaseUnavailableError(decision.reason, { cause: error });
    const failure = { code: decision.code, message: decision.message };
    if (decision.action === 'retry') {
      await this.splits.release(jobId, range, failure);
      this.logger.warn({ event: 'range.retrying', jobId, range, attempt: claim.attempts, ...failure });
      throw new RetryableJobError(decision.code, decision.message);
    }
    if (decision.unexpected) this.logger.error({ event: 'job.internal_error', jobId, range, err: error });
    this.documents.forget(jobId);
    return this.outcomes.failed({ id: jobId, attempts: claim.attempts, hasWebhook: claim.hasWebhook }, failure, { range });
  }
}
