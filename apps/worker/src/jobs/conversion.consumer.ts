import type { AppConfig } from '@docformat/config';
import { QueueJobName, QueueName } from '@docformat/contracts';
import { type Delivery, type LostQueueEntry, type Parked, QueueConsumer } from '@docformat/queue';
import { APP_CONFIG, REDIS_CONSUMER } from '@docformat/infra';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { releaseHeap } from '../conversion/heap-release';
import { finishesWithin } from '../shutdown/finishes-within';
import { ShutdownSignal } from '../shutdown/shutdown-signal';
import { WorkerShare } from '../worker-share/worker-share.service';
import { ProcessJobUseCase, type ProcessOutcome } from './process-job.usecase';
import { RunRangeUseCase } from './split/range.usecase';

/** After aborting in-flight work, how long the aborted jobs get to unwind. */
const ABORT_SETTLE_MS = 5000;

/**
 * The worker's side of the queue: starts the queue consumer (@docformat/queue) on the
 * worker's settings, hands each job id to ProcessJobUseCase, logs what the queue
 * reports, and stops it gracefully on shutdown.
 */
@Injectable()
export class ConversionConsumer implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('consumer');
  private consumer?: QueueConsumer<ProcessOutcome>;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(REDIS_CONSUMER) private readonly redis: Redis,
    private readonly processJob: ProcessJobUseCase,
    private readonly runRange: RunRangeUseCase,
    private readonly shutdown: ShutdownSignal,
    private readonly share: WorkerShare,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.consumer = await QueueConsumer.start(
      this.redis,
      // Conversions run in threads, so the event loop stays free to renew the locks.
      { prefix: this.config.QUEUE_PREFIX, concurrency: this.share.current, lockMs: this.config.JOB_LOCK_MS },
      (jobId, delivery) => this.deliver(jobId, delivery).finally(releaseHeap),
      {
        onError: (error, lost) => this.onQueueError(error, lost),
        onStalled: (jobId) => this.logger.warn({ event: 'job.stalled', jobId }),
        onBadPayload: (queueJobId) => this.logger.warn({ event: 'queue.bad_payload', queueJobId }),
      },
    );
    // Takes no more jobs than it converts at once: a job held here waiting would be one another worker could run.
    this.share.onChange((share) => this.consumer?.setConcurrency(share));
    this.logger.log({ event: 'worker.started', concurrency: this.share.current, queue: QueueName.CONVERSION });
  }

  /** A job's entry, or one page range of a split job (a child entry: split/range.usecase.ts). */
  private deliver(jobId: string, delivery: Delivery): Promise<ProcessOutcome | Parked> {
    if (delivery.name !== QueueJobName.RANGE) return this.processJob.execute(jobId, delivery);
    const range = delivery.data['range'];
    if (typeof range !== 'number' || !Number.isInteger(range) || range < 0) {
      this.logger.warn({ event: 'queue.bad_payload', jobId, reason: 'a range entry without its range' });
      return Promise.resolve('skipped');
    }
    return this.runRange.execute(jobId, range, delivery);
  }

  /**
   * Stops taking jobs and waits for running ones, up to SHUTDOWN_GRACE_MS; then
   * aborts what is still running (those jobs stay IN_PROGRESS for another worker).
   */
  async onModuleDestroy(): Promise<void> {
    const consumer = this.consumer;
    if (!consumer) return;
    this.logger.log({ event: 'worker.stopping', graceMs: this.config.SHUTDOWN_GRACE_MS });
    const closing = consumer.close();
    if (await finishesWithin(closing, this.config.SHUTDOWN_GRACE_MS)) {
      this.logger.log({ event: 'worker.stopped' });
      return;
    }
    this.logger.warn({ event: 'worker.grace_exceeded', graceMs: this.config.SHUTDOWN_GRACE_MS });
    this.shutdown.abort();
    await finishesWithin(closing, ABORT_SETTLE_MS);
  }

  /**
   * After Redis lost its data (FLUSHALL, a restart without persistence) BullMQ
   * cannot finish or renew the entries of jobs that were running. Their outcome is
   * already in Postgres, and the sweep re-queues any that are unfinished, so this
   * is a warning that says so, not an error.
   */
  private onQueueError(error: Error, lost: LostQueueEntry | null): void {
    if (!lost) {
      this.logger.error({ event: 'queue.error', err: error });
      return;
    }
    this.logger.warn({
      event: 'job.queue_entry_lost',
      jobId: lost.jobId,
      operation: lost.operation,
      reason: error.message,
      detail:
        'The queue entry of this job vanished while it ran (Redis flushed or restarted, or the job was taken over after a stall). ' +
        'Its state in Postgres is authoritative; if it is unfinished, the sweep re-queues it.',
    });
  }
}
