import type { AppConfig } from '@docformat/config';
import { isUuid, QueueName, type ConvertJobPayload } from '@docformat/contracts';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import { APP_CONFIG, REDIS_CONSUMER } from '../infra/tokens';
import { finishesWithin } from '../shutdown/finishes-within';
import { ShutdownSignal } from '../shutdown/shutdown-signal';
import { lostQueueEntry } from './lost-queue-entry';
import { ProcessJobUseCase, type ProcessOutcome } from './process-job.usecase';

/** After aborting in-flight work, how long the aborted jobs get to unwind. */
const ABORT_SETTLE_MS = 5000;

/**
 * The BullMQ side of the worker: takes `convert` jobs off the queue and hands their
 * ids to ProcessJobUseCase. The only file that knows BullMQ's Worker.
 */
@Injectable()
export class ConversionConsumer implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('consumer');
  private worker?: Worker<ConvertJobPayload, ProcessOutcome>;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(REDIS_CONSUMER) private readonly redis: Redis,
    private readonly processJob: ProcessJobUseCase,
    private readonly shutdown: ShutdownSignal,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const worker = new Worker<ConvertJobPayload, ProcessOutcome>(QueueName.CONVERSION, (job) => this.handle(job), {
      connection: this.redis,
      prefix: this.config.QUEUE_PREFIX,
      concurrency: this.config.WORKER_CONCURRENCY,
      // The lock is renewed every half lockDuration while a job runs (the event loop
      // stays free: conversions run in threads). A killed worker's job is taken
      // back once the lock lapses, which the stalled check notices within one interval.
      lockDuration: this.config.JOB_LOCK_MS,
      stalledInterval: this.config.JOB_LOCK_MS,
    });
    worker.on('error', (error) => this.onQueueError(error));
    worker.on('stalled', (jobId) => this.logger.warn({ event: 'job.stalled', jobId }));
    this.worker = worker;
    await worker.waitUntilReady();
    this.logger.log({ event: 'worker.started', concurrency: this.config.WORKER_CONCURRENCY, queue: QueueName.CONVERSION });
  }

  /**
   * Stops taking jobs and waits for running ones, up to SHUTDOWN_GRACE_MS; then
   * aborts what is still running (those jobs stay IN_PROGRESS for another worker).
   */
  async onModuleDestroy(): Promise<void> {
    const worker = this.worker;
    if (!worker) return;
    this.logger.log({ event: 'worker.stopping', graceMs: this.config.SHUTDOWN_GRACE_MS });
    const closing = worker.close();
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
  private onQueueError(error: Error): void {
    const lost = lostQueueEntry(error);
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

  private async handle(job: Job<ConvertJobPayload, ProcessOutcome>): Promise<ProcessOutcome> {
    const jobId = job.data?.jobId;
    // Only ids go through the queue; anything else is not ours to process.
    if (typeof jobId !== 'string' || !isUuid(jobId)) {
      this.logger.warn({ event: 'queue.bad_payload', queueJobId: job.id });
      return 'skipped';
    }
    return this.processJob.execute(jobId);
  }
}
