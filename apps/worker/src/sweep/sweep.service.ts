import type { AppConfig } from '@docformat/config';
import { JobMaintenanceRepository, JobSplitRepository, UploadRepository, WebhookRepository } from '@docformat/db';
import { JobQueue, WebhookQueue } from '@docformat/queue';
import { APP_CONFIG, QueuePrefixGuard } from '@docformat/infra';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { decideSweepAction } from './sweep-decision';

/** Postgres advisory-lock key ("docf"): one sweep at a time across all workers. */
export const SWEEP_LOCK_KEY = 0x646f6366;
/** The API commits a row before enqueueing it: a younger CREATED row may be mid-enqueue. */
export const CREATED_GRACE_MS = 5000;
/** Rows per sweep; the rest wait for the next one. */
const BATCH_SIZE = 500;
/**
 * An upload no job points at after this long was abandoned: its client hung up, or the
 * request was refused after the file arrived (and the API could not delete it then).
 */
export const ABANDONED_UPLOAD_MS = 60 * 60 * 1000;
/** Upper bound for one sweep's transaction (it holds the lock for that long at most). */
const SWEEP_TIMEOUT_MS = 60_000;

export interface SweepReport {
  checked: number;
  requeued: number;
  uploadsDeleted: number;
  /** Pending webhook deliveries queued again (their entry was lost). */
  deliveriesRequeued: number;
  /** Jobs past JOB_RETENTION_DAYS deleted with everything stored for them. */
  jobsExpired: number;
}

/** Old jobs deleted per sweep at most: a backlog of expired jobs goes over several sweeps, never in one long transaction. */
const RETENTION_BATCH = 1000;
const DAY_MS = 24 * 3600 * 1000;

/** A delivery younger than this may still be on its way into the queue (the job's writer queues it just after). */
const DELIVERY_GRACE_MS = 30_000;

/**
 * Puts back in the queue every unfinished job that has no live queue entry: Redis
 * was flushed or restarted without persistence, the API's enqueue failed (it
 * answered 503 and left the row CREATED), or BullMQ gave up on a job whose row is
 * not terminal. Jobs that are waiting, delayed or running are left alone.
 */
@Injectable()
export class SweepService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('sweep');
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly jobs: JobMaintenanceRepository,
    private readonly splits: JobSplitRepository,
    private readonly uploads: UploadRepository,
    private readonly webhooks: WebhookRepository,
    private readonly queue: JobQueue,
    private readonly webhookQueue: WebhookQueue,
    private readonly prefixGuard: QueuePrefixGuard,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => this.trigger(), this.config.SWEEP_INTERVAL_MS);
    // Once at start too: a restarted deployment recovers without waiting an interval.
    this.trigger();
  }

  async onModuleDestroy(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  /** Starts a sweep unless one is still running in this process. */
  trigger(): void {
    if (this.running) return;
    this.running = this.sweepOnce()
      .then(() => undefined)
      .catch((error: unknown) => this.logger.warn({ event: 'sweep.failed', reason: (error as Error).message }))
      .finally(() => (this.running = undefined));
  }

  /** One sweep; null when another worker holds the sweep lock. */
  async sweepOnce(): Promise<SweepReport | null> {
    // After a flush the prefix's owner record is gone too; write it back before
    // another deployment can start on this prefix (its start-up check reads it).
    await this.prefixGuard.reassert();
    const outcome = await this.jobs.withExclusiveLock(SWEEP_LOCK_KEY, SWEEP_TIMEOUT_MS, async () => ({
      ...(await this.requeueStranded()),
      uploadsDeleted: await this.uploads.deleteAbandoned(new Date(Date.now() - ABANDONED_UPLOAD_MS)),
      deliveriesRequeued: await this.requeueDeliveries(),
      jobsExpired: await this.expireJobs(),
      ...(await this.resetFairness()),
    }));
    if (!outcome.acquired) return null;
    const { requeued, uploadsDeleted, deliveriesRequeued, jobsExpired } = outcome.value;
    if (requeued + uploadsDeleted + deliveriesRequeued + jobsExpired > 0) this.logger.log({ event: 'sweep.completed', ...outcome.value });
    return outcome.value;
  }

  /**
   * Retention: terminal jobs older than JOB_RETENTION_DAYS go, with their outputs, trees,
   * deliveries and keys (cascades); Idempotency-Keys go after their 24 hours either way.
   */
  private async expireJobs(): Promise<number> {
    await this.jobs.deleteExpiredKeys();
    const days = this.config.JOB_RETENTION_DAYS;
    return days > 0 ? this.jobs.deleteEndedBefore(new Date(Date.now() - days * DAY_MS), RETENTION_BATCH) : 0;
  }

  /**
   * Fair scheduling's counts of waiting entries, set again from Postgres (see
   * fair-priority.ts): each client's jobs that wait to start and the page ranges of its
   * split jobs that wait. Whatever drifted is healed.
   */
  private async resetFairness(): Promise<Record<string, never>> {
    const backlogs = await this.jobs.backlogs();
    for (const [owner, ranges] of await this.splits.pendingByOwner()) backlogs.set(owner, (backlogs.get(owner) ?? 0) + ranges);
    await this.queue.resetBacklogs(backlogs);
    return {};
  }

  /** Pending webhook deliveries whose queue entry is gone (Redis flushed, the queueing failed) are queued again. */
  private async requeueDeliveries(): Promise<number> {
    let requeued = 0;
    for (const deliveryId of await this.webhooks.findPending(new Date(Date.now() - DELIVERY_GRACE_MS), BATCH_SIZE)) {
      const state = await this.webhookQueue.state(deliveryId);
      if (state !== 'unknown') continue;
      await this.webhookQueue.enqueue(deliveryId, this.config.ENQUEUE_TIMEOUT_MS);
      requeued += 1;
      this.logger.log({ event: 'webhook.requeued', deliveryId });
    }
    return requeued;
  }

  private async requeueStranded(): Promise<Pick<SweepReport, 'checked' | 'requeued'>> {
    const rows = await this.jobs.findUnfinished(new Date(Date.now() - CREATED_GRACE_MS), BATCH_SIZE);
    let requeued = 0;
    for (const row of rows) {
      const queueState = await this.queue.state(row.id);
      const action = decideSweepAction(queueState);
      if (action === 'leave') continue;
      // The queue entry may have finished after the rows were read; re-check the row.
      const current = await this.jobs.findUnfinishedById(row.id);
      if (!current) continue;
      if (action === 'replace') await this.queue.remove(row.id);
      await this.queue.enqueueConversion(row.id, this.config.ENQUEUE_TIMEOUT_MS, { ownerId: row.ownerId });
      requeued += 1;
      this.logger.log({ event: 'job.requeued', jobId: row.id, status: current.status, queueState });
    }
    return { checked: rows.length, requeued };
  }
}
