import type { AppConfig } from '@docformat/config';
import { CONVERTER_VERSION, type RangePolicy, type SplitPlan } from '@docformat/converters';
import { type CacheKey, type ClaimedJob, JobSplitRepository, type SplitState } from '@docformat/db';
import { APP_CONFIG } from '@docformat/infra';
import { type Delivery, JobQueue, PARKED, type Parked } from '@docformat/queue';
import { JobErrorCode } from '@docformat/contracts';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { ConversionPool } from '../../conversion/conversion-pool';
import type { DownloadedDocument } from '../document-fetcher';
import { JobOutcomes } from '../job-outcomes';
import { imageLimits, keptWith } from '../stored-document';

/**
 * A long PDF's `convert` entry as the parent of its page ranges (issue 31), on BullMQ
 * flows: the delivery that fetched the document plans it (ConversionPool.convertOrPlan);
 * when the plan cuts it into ranges, `announce` keeps the document and the ranges in
 * Postgres and queues ranges 2…n as children of the entry, while its own thread reads
 * range 1. The entry then waits (`waiting-children`) and is delivered again once every
 * child has completed; that delivery (`resume`) queues whatever is still unfinished in
 * a new round, or assembles the parts in page order, which gives the bytes one worker
 * converting the whole document gives.
 */
@Injectable()
export class SplitParent {
  private readonly logger = new Logger('jobs');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly splits: JobSplitRepository,
    private readonly queue: JobQueue,
    private readonly pool: ConversionPool,
    private readonly outcomes: JobOutcomes,
  ) {}

  /** The ranges to cut this job's document into, or undefined when it is converted on this worker alone. */
  policyFor(job: ClaimedJob, document: Pick<DownloadedDocument, 'reader'>): RangePolicy | undefined {
    // The PDF reader is the one that reads in parts; the job may opt out; SPLIT_PAGES=0 turns it off.
    if (document.reader !== 'pdf' || job.options?.split === false || this.config.SPLIT_PAGES === 0) return undefined;
    return { nativePages: this.config.SPLIT_PAGES, ocrPages: this.config.SPLIT_OCR_PAGES };
  }

  /**
   * The plan cut the document into ranges: keeps them with the document in Postgres and
   * queues every range but the first (read by the announcing delivery) as children of
   * its entry. False when the job has ended meanwhile (nothing is queued then).
   */
  async announce(job: ClaimedJob, plan: SplitPlan, document: DownloadedDocument, cacheKey: CacheKey, delivery: Delivery): Promise<boolean> {
    const created = await this.splits.create(job.id, {
      plan,
      source: { mimeType: document.mimeType, bytes: document.byteLength, sha256: document.sha256, extension: document.extension, cacheKey },
      document: document.bytes,
      converterVersion: CONVERTER_VERSION,
      pages: plan.parts.reduce((sum, range) => sum + range.length, 0),
    });
    if (!created) return false;
    const further = plan.parts.slice(1).map((_, i) => i + 1);
    await this.queue.addRanges(delivery.ref, job.id, job.ownerId, further, 1);
    this.logger.log({ event: 'job.split', jobId: job.id, ranges: plan.parts.length, pages: plan.parts.map((range) => range.length) });
    return true;
  }

  /** The announcing delivery has read the first range: keeps it, and waits for the others. */
  async firstRangeRead(
    job: ClaimedJob,
    part: Uint8Array,
    delivery: Delivery,
    signal: AbortSignal,
    started: number,
  ): Promise<'completed' | 'failed' | 'skipped' | Parked> {
    if (!(await this.splits.complete(job.id, 0, part))) return 'skipped';
    this.logger.log({ event: 'range.completed', jobId: job.id, range: 0, attempt: 1 });
    if ((await delivery.waitForChildren()) === PARKED) return this.parked(job);
    const outcome = await this.resume(job, delivery, signal, started);
    // This worker made the split a moment ago, with its own converter version: no restart.
    return outcome === 'restart' ? 'skipped' : outcome;
  }

  /**
   * A delivery of a split job's entry after its first: every child has completed, or
   * the entry was queued again (its Redis entry lost, or failed with a child BullMQ gave
   * up on). Queues the ranges still unfinished in a new round and waits for them, or
   * assembles. 'restart' when the split was made by another converter version: it is
   * dropped, and the job is converted from the start.
   */
  async resume(
    job: ClaimedJob,
    delivery: Delivery,
    signal: AbortSignal,
    started: number,
  ): Promise<'completed' | 'failed' | 'skipped' | 'restart' | Parked> {
    for (;;) {
      const split = await this.splits.find(job.id);
      if (!split) return 'skipped';
      if (split.converterVersion !== CONVERTER_VERSION) {
        await this.splits.discard(job.id);
        return 'restart';
      }
      const unfinished = split.ranges.filter((range) => range.status !== 'DONE').map((range) => range.idx);
      if (unfinished.length === 0) return this.assemble(job, split, signal, started);
      const round = await this.splits.nextRound(job.id);
      if (round === null) return 'skipped';
      await this.queue.addRanges(delivery.ref, job.id, job.ownerId, unfinished, round);
      this.logger.log({ event: 'job.ranges_requeued', jobId: job.id, ranges: unfinished, round });
      if ((await delivery.waitForChildren()) === PARKED) return this.parked(job);
    }
  }

  private parked(job: ClaimedJob): Parked {
    this.logger.log({ event: 'job.waiting_for_ranges', jobId: job.id });
    return PARKED;
  }

  /** Every range is read: the parts, in page order → the job's outputs. */
  private async assemble(
    job: ClaimedJob,
    split: SplitState,
    signal: AbortSignal,
    started: number,
  ): Promise<'completed' | 'failed' | 'skipped'> {
    const attempt = await this.splits.claimAssembly(job.id, this.config.JOB_MAX_ATTEMPTS);
    if (attempt === null) {
      return this.outcomes.failed(job, {
        code: JobErrorCode.INTERNAL_ERROR,
        message: `Putting the document's page ranges together was started ${this.config.JOB_MAX_ATTEMPTS} times without finishing and was given up`,
      });
    }
    const parts = await this.splits.parts(job.id);
    if (!parts) return 'skipped';
    const assemblyStarted = performance.now();
    const converted = await this.pool.assembleRanges(
      {
        plan: split.plan,
        parts,
        formats: job.requestedFormats,
        options: job.options ?? {},
        keep: keptWith(job),
        imageLimits: imageLimits(this.config),
      },
      signal,
    );
    return this.outcomes.completed(job, split.source, converted, split.source.cacheKey, started, {
      ranges: split.ranges.length,
      assemblyMs: Math.round(performance.now() - assemblyStarted),
    });
  }
}
