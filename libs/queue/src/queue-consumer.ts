import { isUuid, QueueName } from '@docformat/contracts';
import { type Job, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { BullDelivery, type Delivery, PARKED, type Parked } from './delivery';
import { type LostQueueEntry, lostQueueEntry } from './lost-queue-entry';
import { WEBHOOK_BACKOFF, webhookRetryDelayMs } from './webhook-queue';

/** Which payload field holds the id each queue's entries carry (see QueuePayloads). */
const ID_FIELD = { [QueueName.CONVERSION]: 'jobId', [QueueName.WEBHOOK]: 'deliveryId' } as const;

export interface QueueConsumerOptions {
  /** The conversion queue (job ids) unless given: the webhook queue carries delivery ids. */
  queue?: QueueName;
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
  /** An entry whose payload is not `{ jobId | deliveryId: <uuid> }`: only ids go through the queues, so it is skipped. */
  onBadPayload(queueJobId: string | undefined): void;
}

type IdPayload = Record<string, unknown>;

/**
 * Takes entries off a queue and hands their ids (and the delivery, delivery.ts) to `handle`: the consume side of
 * JobQueue and WebhookQueue, and the only other file that knows BullMQ. `handle`
 * throwing means "deliver again" (BullMQ's attempts and backoff: the queue's own,
 * or the webhook retry schedule); its result is kept as the entry's return value.
 */
export class QueueConsumer<R> {
  private constructor(private readonly worker: Worker<IdPayload, R | 'skipped'>) {}

  /** Starts consuming once connected; resolves when the first fetch can be made. */
  static async start<R>(
    connection: Redis,
    options: QueueConsumerOptions,
    handle: (jobId: string, delivery: Delivery) => Promise<R | Parked>,
    events: QueueConsumerEvents,
  ): Promise<QueueConsumer<R>> {
    const queue = options.queue ?? QueueName.CONVERSION;
    const process = async (job: Job<IdPayload, R | 'skipped'>, token?: string): Promise<R | 'skipped'> => {
      const id: unknown = job.data?.[ID_FIELD[queue]];
      if (typeof id !== 'string' || !isUuid(id)) {
        events.onBadPayload(job.id);
        return 'skipped';
      }
      const delivery = new BullDelivery(job, token);
      const outcome = await handle(id, delivery);
      // Parked (waiting for its children, or put back for later): BullMQ hears it from these errors.
      if (outcome === PARKED) throw delivery.parkedWith ?? new Error('An entry was parked without saying how');
      return outcome;
    };
    const worker = new Worker<IdPayload, R | 'skipped'>(queue, process, {
      connection,
      prefix: options.prefix,
      concurrency: options.concurrency,
      lockDuration: options.lockMs,
      stalledInterval: options.lockMs,
      settings: { backoffStrategy: (attemptsMade, type) => (type === WEBHOOK_BACKOFF ? webhookRetryDelayMs(attemptsMade) : 0) },
    });
    worker.on('error', (error) => events.onError(error, lostQueueEntry(error)));
    worker.on('stalled', (jobId) => events.onStalled(jobId));
    await worker.waitUntilReady();
    return new QueueConsumer(worker);
  }

  /** Jobs to run at once from now on; running ones go on, and no more are taken while as many run. */
  setConcurrency(concurrency: number): void {
    this.worker.concurrency = concurrency;
  }

  /** Stops taking jobs and resolves once the running ones have finished. */
  close(): Promise<void> {
    return this.worker.close();
  }
}
