import { type CacheKey, JobProcessingRepository, type ClaimedJob } from '@docformat/db';
import type { JobError } from '@docformat/db';
import { WorkerMetrics } from '@docformat/metrics';
import { WebhookDispatch } from '@docformat/infra';
import { Injectable, Logger } from '@nestjs/common';
import type { ConversionTaskSuccess } from '../conversion/conversion-task.types';
import { storedDocument } from './stored-document';

/** What a job's document was, as its result describes it. */
export interface ConvertedSource {
  mimeType: string;
  /** Its size in bytes. */
  bytes: number;
  sha256: string;
  /** The metrics' `input` label. */
  extension?: string;
}

/** The job as its outcome is written: its id, attempt and whether it wants a webhook. */
export type EndingJob = Pick<ClaimedJob, 'id' | 'attempts' | 'hasWebhook'>;

/**
 * How a job ends, whoever ends it: the delivery that converted it whole, the one that
 * assembled its page ranges, or a range that failed for good. Each writes the row only
 * if it is still unfinished, then counts it, queues its webhook and logs it.
 */
@Injectable()
export class JobOutcomes {
  private readonly logger = new Logger('jobs');

  constructor(
    private readonly jobs: JobProcessingRepository,
    private readonly metrics: WorkerMetrics,
    private readonly webhooks: WebhookDispatch,
  ) {}

  /** COMPLETED with the conversion's outputs; 'skipped' when another delivery finished the job first. */
  async completed(
    job: EndingJob,
    source: ConvertedSource,
    converted: ConversionTaskSuccess,
    cacheKey: CacheKey,
    started: number,
    extra: Record<string, unknown> = {},
  ): Promise<'completed' | 'skipped'> {
    const stored = await this.jobs.complete(job.id, {
      pages: converted.pages,
      result: {
        mimeType: source.mimeType,
        bytes: source.bytes,
        sha256: source.sha256,
        metadata: converted.metadata,
        ...(converted.pagesConverted ? { pagesConverted: converted.pagesConverted } : {}),
        ...(converted.ocr ? { ocr: converted.ocr } : {}),
        warnings: converted.warnings,
        detectedLanguages: converted.detectedLanguages,
      },
      outputs: converted.outputs,
      document: storedDocument(converted),
      cacheKey,
    });
    if (!stored) {
      this.logger.log({ event: 'job.skipped', jobId: job.id, reason: 'finished by another delivery' });
      return 'skipped';
    }
    this.metrics.jobCompleted(source.extension);
    if (job.hasWebhook) await this.webhooks.dispatch(job.id);
    this.logger.log({
      event: 'job.completed',
      jobId: job.id,
      attempt: job.attempts,
      pages: converted.pages,
      ocrPages: converted.ocr?.pages.length ?? 0,
      warnings: converted.warnings.map((warning) => warning.code),
      durationMs: Date.now() - started,
      ...extra,
    });
    return 'completed';
  }

  /** FAILED with `failure`, unless the job has ended already; logged either way, with `extra`. */
  async failed(job: EndingJob, failure: JobError, extra: Record<string, unknown> = {}): Promise<'failed'> {
    if (await this.jobs.fail(job.id, failure)) {
      this.metrics.jobFailed(failure.code);
      if (job.hasWebhook) await this.webhooks.dispatch(job.id);
    }
    this.logger.warn({ event: 'job.failed', jobId: job.id, attempt: job.attempts, ...extra, ...failure });
    return 'failed';
  }
}
