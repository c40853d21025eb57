import { QueueJobName, QueueName } from '@docformat/contracts';
import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import type { QueueEntryState } from './job-queue';
import { withTimeout } from './with-timeout';

/** The backoff type webhook entries name; the consumer's strategy (webhookRetryDelayMs) computes it. */
export const WEBHOOK_BACKOFF = 'webhook';
/** First retry after 5 s, then doubling up to an hour between attempts. */
const FIRST_RETRY_MS = 5000;
const MAX_RETRY_MS = 60 * 60 * 1000;
/**
 * BullMQ's own limit on tries is set out of reach: the delivery stops retrying when its
 * time (WEBHOOK_RETRY_SECONDS) is up, which the sender decides and records.
 */
const UNBOUNDED_ATTEMPTS = 100_000;

/** Delay before retry `attemptsMade` (1 after the first failure): 5 s, 10 s, 20 s … 1 h, with ±10 % jitter so retries of many deliveries spread. */
export function webhookRetryDelayMs(attemptsMade: number, random: () => number = Math.random): number {
  const base = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attemptsMade - 1));
  return Math.round(base * (0.9 + 0.2 * random()));
}

/**
 * Webhook deliveries waiting to be sent: the producer side (the worker after a job
 * ends, the API after a cancellation, the sweep). The entry's id is the delivery's
 * id, so queueing one delivery twice adds nothing.
 */
export class WebhookQueue {
  private readonly queue: Queue;

  constructor(connection: Redis, options: { prefix: string }) {
    this.queue = new Queue(QueueName.WEBHOOK, { connection, prefix: options.prefix });
    this.queue.on('error', () => undefined);
  }

  async enqueue(deliveryId: string, timeoutMs: number): Promise<void> {
    const added = this.queue.add(
      QueueJobName.DELIVER,
      { deliveryId },
      {
        jobId: deliveryId,
        attempts: UNBOUNDED_ATTEMPTS,
        backoff: { type: WEBHOOK_BACKOFF },
        removeOnComplete: { age: 3600, count: 10_000 },
        removeOnFail: { age: 24 * 3600 },
      },
    );
    await withTimeout(added, timeoutMs, 'Queueing the webhook delivery');
  }

  state(deliveryId: string): Promise<QueueEntryState> {
    return this.queue.getJobState(deliveryId);
  }

  /** Deletes every entry and key of this queue: tests clean up with it. */
  async removeAll(): Promise<void> {
    await this.queue.obliterate({ force: true });
  }

  async close(): Promise<void> {
    await this.queue.close();
  }
}
