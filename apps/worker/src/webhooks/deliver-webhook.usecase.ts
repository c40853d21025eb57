import type { AppConfig } from '@docformat/config';
import { imageLinkSigner, isJobFailure, JobErrorCode, resolveImageLinksIn, signWebhook, WebhookHeader } from '@docformat/contracts';
import { outputFormatNames } from '@docformat/converters/names';
import {
  ApiTokenRepository,
  ClientBatchRepository,
  type DeliveryToSend,
  JobProcessingRepository,
  toJobRecord,
  WebhookRepository,
} from '@docformat/db';
import { postBody, type PostAnswer } from '@docformat/fetcher';
import { APP_CONFIG } from '@docformat/infra';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { batchWebhookBody, webhookBody } from './webhook-body';

export type DeliveryOutcome = 'delivered' | 'failed' | 'skipped';

/** Thrown so the queue tries the delivery again later (its backoff): the attempt failed, the delivery has time left. */
export class RetryDeliveryError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'RetryDeliveryError';
  }
}

/**
 * One attempt at one webhook delivery: POST the job's record, signed with its
 * client's secret, to the job's webhook URL through the same guarded HTTP client as
 * downloads (no private addresses unless FETCH_ALLOW_PRIVATE). A 2xx is delivered;
 * a refused URL fails at once; anything else (a network error, a time-out, another
 * status) is tried again, with backoff, until WEBHOOK_RETRY_SECONDS after the first
 * attempt. Every attempt is recorded; the Docformat-Delivery id stays the same.
 */
@Injectable()
export class DeliverWebhookUseCase {
  private readonly logger = new Logger('webhooks');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly webhooks: WebhookRepository,
    private readonly jobs: JobProcessingRepository,
    private readonly tokens: ApiTokenRepository,
    private readonly batches: ClientBatchRepository,
  ) {}

  async execute(deliveryId: string): Promise<DeliveryOutcome> {
    const delivery = await this.webhooks.find(deliveryId);
    // Gone with its job, or settled by an earlier delivery of this entry.
    if (!delivery || delivery.status !== 'PENDING') return 'skipped';
    const secret = await this.tokens.webhookSecret(delivery.ownerId);
    const body = secret ? await this.bodyOf(delivery, secret) : null;
    if (!body || !secret) return 'skipped';

    const headers = {
      'content-type': 'application/json; charset=utf-8',
      [WebhookHeader.SIGNATURE.toLowerCase()]: signWebhook(secret, Math.floor(Date.now() / 1000), body),
      [WebhookHeader.DELIVERY.toLowerCase()]: delivery.id,
      [WebhookHeader.EVENT.toLowerCase()]: delivery.event,
    };
    const started = Date.now();
    let answer: PostAnswer | undefined;
    let error: string;
    let refused = false;
    try {
      answer = await postBody(delivery.url, body, headers, {
        timeoutMs: this.config.WEBHOOK_TIMEOUT_MS,
        allowPrivate: this.config.FETCH_ALLOW_PRIVATE,
      });
      error = `The receiver answered ${answer.status}`;
    } catch (failure) {
      error = failure instanceof Error ? failure.message : String(failure);
      refused = isJobFailure(failure) && failure.code === JobErrorCode.URL_NOT_ALLOWED;
    }
    const attempt = delivery.attempts + 1;
    const fields = {
      deliveryId,
      ...(delivery.batchId ? { batchId: delivery.batchId } : { jobId: delivery.jobId }),
      attempt,
      durationMs: Date.now() - started,
    };
    if (answer && answer.status >= 200 && answer.status < 300) {
      await this.webhooks.recordAttempt(deliveryId, { delivered: true });
      this.logger.log({ event: 'webhook.delivered', ...fields, status: answer.status });
      return 'delivered';
    }
    const firstAttemptAt = delivery.firstAttemptAt?.getTime() ?? started;
    const outOfTime = Date.now() - firstAttemptAt >= this.config.WEBHOOK_RETRY_SECONDS * 1000;
    const final = refused || outOfTime;
    await this.webhooks.recordAttempt(deliveryId, { delivered: false, error, final });
    if (final) {
      this.logger.warn({ event: 'webhook.failed', ...fields, reason: error, why: refused ? 'URL refused' : 'out of retry time' });
      return 'failed';
    }
    this.logger.warn({ event: 'webhook.retrying', ...fields, reason: error });
    throw new RetryDeliveryError(error);
  }

  /** What the delivery reports, as the bytes signed and sent: the job's record, or the batch's counts; null once that is gone. */
  private async bodyOf(delivery: DeliveryToSend, secret: string): Promise<Buffer | null> {
    if (delivery.batchId) {
      const batch = await this.batches.find(delivery.batchId);
      return batch && batchWebhookBody(batch, { publicUrl: this.config.PUBLIC_URL });
    }
    const job = delivery.jobId ? await this.jobs.findWithOutputs(delivery.jobId) : null;
    if (!job) return null;
    // The outputs' picture tokens as signed links, made now like GET /job/{id} makes them (image-links.ts).
    const link = imageLinkSigner(secret, job.id, { ttlSeconds: this.config.IMAGE_URL_TTL_SECONDS, publicUrl: this.config.PUBLIC_URL });
    return webhookBody(resolveImageLinksIn(toJobRecord(job, outputFormatNames()), link), {
      maxBytes: this.config.WEBHOOK_MAX_BODY_BYTES,
      publicUrl: this.config.PUBLIC_URL,
    });
  }
}
