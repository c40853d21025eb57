import type { AppConfig } from '@docformat/config';
import { isTerminalStatus, JobErrorCode, type JobErrorCode as ErrorCode } from '@docformat/contracts';
import { JobRepository, type ClaimedJob, type JobRow } from '@docformat/db';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { ConversionPool } from '../conversion/conversion-pool';
import { APP_CONFIG } from '../infra/tokens';
import { isInterrupted } from '../shutdown/interrupted.error';
import { ShutdownSignal } from '../shutdown/shutdown-signal';
import { DocumentFetcher } from './document-fetcher';
import { decideFailure, RetryableJobError } from './failure-policy';

export type ProcessOutcome = 'completed' | 'failed' | 'skipped';

/**
 * One delivery of one job, from the id alone: Postgres holds the truth, so this
 * reloads the row and owns every status change. Safe to run twice for the same job
 * (BullMQ may deliver again after a stall or a sweep): every write is conditional
 * on the row not being terminal, and outputs are written with COMPLETED, once.
 *
 * Throws (so BullMQ retries) only for a transient failure with attempts left, for
 * an interrupted shutdown, or when Postgres itself fails.
 */
@Injectable()
export class ProcessJobUseCase {
  private readonly logger = new Logger('jobs');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly jobs: JobRepository,
    private readonly fetcher: DocumentFetcher,
    private readonly pool: ConversionPool,
    private readonly shutdown: ShutdownSignal,
  ) {}

  async execute(jobId: string): Promise<ProcessOutcome> {
    const row = await this.jobs.findById(jobId);
    if (!row || isTerminalStatus(row.status)) {
      this.logger.log({ event: 'job.skipped', jobId, reason: row ? `already ${row.status}` : 'not found' });
      return 'skipped';
    }
    // Deliveries that never finish (a worker killed again and again) must end somewhere.
    if (row.attempts >= this.config.JOB_MAX_ATTEMPTS) return this.giveUp(row);

    const job = await this.jobs.claim(jobId);
    if (!job) {
      this.logger.log({ event: 'job.skipped', jobId, reason: 'finished meanwhile' });
      return 'skipped';
    }
    this.logger.log({ event: 'job.started', jobId, attempt: job.attempts, formats: job.requestedFormats });
    try {
      return await this.convert(job);
    } catch (error) {
      if (isInterrupted(error)) {
        this.logger.warn({ event: 'job.interrupted', jobId, attempt: job.attempts });
        throw error;
      }
      return this.handleFailure(job, error);
    }
  }

  private async convert(job: ClaimedJob): Promise<ProcessOutcome> {
    const started = Date.now();
    const signal = this.shutdown.signal;
    const document = await this.fetcher.fetch(job.fileUrl, signal);
    this.logger.log({
      event: 'job.fetched',
      jobId: job.id,
      bytes: document.byteLength,
      mimeType: document.mimeType,
      durationMs: Date.now() - started,
    });

    const converted = await this.pool.convert(
      {
        bytes: document.bytes,
        mimeType: document.mimeType,
        fileName: document.fileName,
        contentType: document.contentType,
        formats: job.requestedFormats,
        maxPages: this.config.MAX_PAGES,
      },
      signal,
    );

    const stored = await this.jobs.complete(job.id, {
      pages: converted.pages,
      result: {
        mimeType: document.mimeType,
        bytes: document.byteLength,
        sha256: document.sha256,
        metadata: converted.metadata,
      },
      outputs: converted.outputs,
    });
    if (!stored) {
      this.logger.log({ event: 'job.skipped', jobId: job.id, reason: 'finished by another delivery' });
      return 'skipped';
    }
    this.logger.log({
      event: 'job.completed',
      jobId: job.id,
      attempt: job.attempts,
      pages: converted.pages,
      durationMs: Date.now() - started,
    });
    return 'completed';
  }

  private async handleFailure(job: ClaimedJob, error: unknown): Promise<ProcessOutcome> {
    const decision = decideFailure(error, job.attempts, this.config.JOB_MAX_ATTEMPTS);
    const failure = { code: decision.code, message: decision.message };
    if (decision.action === 'retry') {
      await this.jobs.recordRetryableError(job.id, failure);
      this.logger.warn({ event: 'job.retrying', jobId: job.id, attempt: job.attempts, ...failure });
      throw new RetryableJobError(decision.code, decision.message);
    }
    if (decision.unexpected) this.logger.error({ event: 'job.internal_error', jobId: job.id, err: error });
    await this.jobs.fail(job.id, failure);
    this.logger.warn({ event: 'job.failed', jobId: job.id, attempt: job.attempts, ...failure });
    return 'failed';
  }

  private async giveUp(row: JobRow): Promise<ProcessOutcome> {
    // The last recorded error says more than "interrupted", when there is one.
    const failure = row.errorCode
      ? { code: row.errorCode as ErrorCode, message: row.errorMessage ?? '' }
      : {
          code: JobErrorCode.INTERNAL_ERROR,
          message: `The conversion was started ${row.attempts} times without finishing and was given up`,
        };
    await this.jobs.fail(row.id, failure);
    this.logger.warn({ event: 'job.failed', jobId: row.id, attempt: row.attempts, reason: 'attempts exhausted', ...failure });
    return 'failed';
  }
}
