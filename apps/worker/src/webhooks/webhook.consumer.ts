import type { AppConfig } from '@docformat/config';
import { QueueName } from '@docformat/contracts';
import { APP_CONFIG, REDIS_CONSUMER } from '@docformat/infra';
import { QueueConsumer } from '@docformat/queue';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { finishesWithin } from '../shutdown/finishes-within';
import { DeliverWebhookUseCase, type DeliveryOutcome } from './deliver-webhook.usecase';

/** Deliveries are short (one POST each); a shutdown waits this long for the ones under way. */
const STOP_GRACE_MS = 15_000;
/** A delivery's lock: more than WEBHOOK_TIMEOUT_MS allows at most (two minutes). */
const LOCK_MS = 150_000;

/**
 * Sends webhook deliveries off their own queue, WEBHOOK_CONCURRENCY at a time: I/O
 * only, on the event loop, beside the conversions. A delivery cut short by a
 * shutdown is taken up again from the queue (it was not recorded as an attempt).
 */
@Injectable()
export class WebhookConsumer implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('webhooks');
  private consumer?: QueueConsumer<DeliveryOutcome>;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(REDIS_CONSUMER) private readonly redis: Redis,
    private readonly deliver: DeliverWebhookUseCase,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.consumer = await QueueConsumer.start(
      this.redis,
      { queue: QueueName.WEBHOOK, prefix: this.config.QUEUE_PREFIX, concurrency: this.config.WEBHOOK_CONCURRENCY, lockMs: LOCK_MS },
      (deliveryId) => this.deliver.execute(deliveryId),
      {
        onError: (error) => this.logger.warn({ event: 'webhook.queue_error', reason: error.message }),
        onStalled: (deliveryId) => this.logger.warn({ event: 'webhook.stalled', deliveryId }),
        onBadPayload: (queueJobId) => this.logger.warn({ event: 'queue.bad_payload', queue: QueueName.WEBHOOK, queueJobId }),
      },
    );
  }

  async onModuleDestroy(): Promise<void> {
    if (this.consumer) await finishesWithin(this.consumer.close(), STOP_GRACE_MS);
  }
}
