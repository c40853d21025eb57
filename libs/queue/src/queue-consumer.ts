import { type ConvertJobPayload, isUuid, QueueName } from '@docformat/contracts';
import { type Job, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { type LostQueueEntry, lostQueueEntry } from './lost-queue-entry';

export interface QueueConsumerOptions {
  prefix: string;
  /** Jobs run at once. */
  concurrency: number;
  /**
   * How long a claim on a job lasts without renewal. The lock is renewed every half
   * of it while a job runs; a killed worker's job is taken back once it lapses, which
   * the stalled check (run as often) notices within one interval.
   */
  lockMs: number;
}

/** What the consumer tells its owner; the owner logs it. */
export interface QueueConsumerEvents {
  /**
   * A queue error. `lost` is set when BullMQ could not finish or renew the entry of a
   * running job because the entry vanished (Redis flushed or restarted, or the job was
   * taken over after a stall): expected, and Postgres holds the job's real state.
   */
  onError(error: Error, lost: LostQueueEntry | null): void;
  onStalled(jobId: string): void;
  /** An entry whose payload is not `{ jobId: <uuid> }`: only ids go through the queue, so it is skipped. */
  onBadPayload(queueJobId: string | undefined): void;
}

/**
 * Takes conversion jobs off the queue and hands their ids to `handle`: the consume
 * side of JobQueue, and the only other file that knows BullMQ. `handle` throwing
 * means "deliver again" (BullMQ's attempts and backoff); its result is kept as the
 * entry's return value.
 */
export class QueueConsumer<R> {
  private constructor(private readonly worker: Worker<ConvertJobPayload, R | 'skipped'>) {}

  /** Starts consuming once connected; resolves when the first fetch can be made. */
  static async start<R>(
    connection: Redis,
    options: QueueConsumerOptions,
    handle: (jobId: string) => Promise<R>,
    events: QueueConsumerEvents,
  ): Promise<QueueConsumer<R>> {
    const process = async (job: Job<ConvertJobPayload, R | 'skipped'>): Promise<R | 'skipped'> => {
      const jobId: unknown = job.data?.jobId;
      if (typeof jobId !== 'string' || !isUuid(jobId)) {
        events.onBadPayload(job.id);
        return 'skipped';
      }
      return handle(jobId);
    };
    const worker = new Worker<ConvertJobPayload, R | 'skipped'>(QueueName.CONVERSION, process, {
      connection,
      prefix: options.prefix,
      concurrency: options.concurrency,
      lockDuration: options.lockMs,
      stalledInterval: options.lockMs,
    });
    worker.on('error', (error) => events.onError(error, lostQueueEntry(error)));
    worker.on('stalled', (jobId) => events.onStalled(jobId));
    await worker.waitUntilReady();
    return new QueueConsumer(worker);
  }

  /** Stops taking jobs and resolves once the running ones have finished. */
  close(): Promise<void> {
    return this.worker.close();
  }
}
