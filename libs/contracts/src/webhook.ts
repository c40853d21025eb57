import { createHmac, timingSafeEqual } from 'node:crypto';

/** Headers of a webhook delivery (POST of the job record to the client's URL). */
export const WebhookHeader = {
  /** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` with the token's webhook secret. */
  SIGNATURE: 'Docformat-Signature',
  /** The delivery's id: the same on every retry of one delivery, so receivers can drop duplicates. */
  DELIVERY: 'Docformat-Delivery',
  /** `job.completed` or `job.failed`. */
  EVENT: 'Docformat-Event',
} as const;

export const WebhookStatus = {
  /** The job has not ended yet, or its delivery has not succeeded yet (retries are under way). */
  PENDING: 'PENDING',
  DELIVERED: 'DELIVERED',
  /** Every retry failed, or the URL was refused; `lastError` says why. */
  FAILED: 'FAILED',
} as const;
export type WebhookStatus = (typeof WebhookStatus)[keyof typeof WebhookStatus];

/** `webhook` in a job's record, when it asked for one. */
export interface WebhookState {
  url: string;
  status: WebhookStatus;
  attempts: number;
  lastError: string | null;
  deliveredAt: string | null;
}

/** Receivers should refuse signatures older (or newer) than this: a replayed delivery is stale. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

function hmac(secret: string, timestamp: number, rawBody: string | Buffer): string {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest('hex');
}

/** The Docformat-Signature header value for a body sent at `timestamp` (unix seconds). */
export function signWebhook(secret: string, timestamp: number, rawBody: string | Buffer): string {
  return `t=${timestamp},v1=${hmac(secret, timestamp, rawBody)}`;
}

/**
 * What a receiver does with a delivery: true when `header` signs `rawBody` (the bytes
 * as received, before any JSON parsing) with `secret`, within the tolerance of `now`.
 * Compared in constant time.
 */
export function verifyWebhook(
  secret: string,
  header: string,
  rawBody: string | Buffer,
  now = Date.now() / 1000,
  toleranceSeconds = WEBHOOK_TOLERANCE_SECONDS,
): boolean {
  const parts = new Map(header.split(',').map((part) => part.trim().split('=', 2) as [string, string]));
  const timestamp = Number(parts.get('t'));
  const given = parts.get('v1') ?? '';
  if (!Number.isInteger(timestamp) || Math.abs(now - timestamp) > toleranceSeconds || !/^[0-9a-f]{64}$/.test(given)) return false;
  return timingSafeEqual(Buffer.from(hmac(secret, timestamp, rawBody), 'hex'), Buffer.from(given, 'hex'));
}
