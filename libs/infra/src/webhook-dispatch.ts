import { WebhookRepository } from '@docformat/db';
import { WebhookQueue } from '@docformat/queue';
import { Injectable, Logger } from '@nestjs/common';

/** Queueing a delivery never holds up the caller long: the sweep queues what is missed. */
const ENQUEUE_TIMEOUT_MS = 2000;

/**
 * Queues the webhook delivery of a job that has just ended. The delivery row itself is
 * made by the trigger that ends the job, so nothing is lost if this fails: the sweep
 * queues pending deliveries that have no queue entry. Called by whoever ended the job
 * (the worker, the API's cancel), only for jobs that asked for a webhook or whose
 * batch did (the batch's delivery is made when its last job ends).
 */
@Injectable()
export class WebhookDispatch {
  private readonly logger = new Logger('webhooks');

  constructor(
    private readonly webhooks: WebhookRepository,
    private readonly queue: WebhookQueue,
  ) {}

  async dispatch(jobId: string): Promise<void> {
    try {
      for (const deliveryId of await this.webhooks.pendingFor(jobId)) {
        await this.queue.enqueue(deliveryId, ENQUEUE_TIMEOUT_MS);
        this.logger.log({ event: 'webhook.queued', jobId, deliveryId });
      }
    } catch (error) {
      this.logger.warn({ event: 'webhook.queue_failed', jobId, reason: (error as Error).message, next: 'the sweep queues it' });
    }
  }
}
