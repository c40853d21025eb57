/**
 * The queue contract between the API (producer) and the worker (consumer). The
 * payload carries only the job id: Postgres is the source of truth and the worker
 * reloads the row, so a payload can never disagree with the record.
 */
export const QueueName = {
  CONVERSION: 'conversion',
  /** Webhook deliveries: one entry per delivery, retried with backoff until delivered or out of time. */
  WEBHOOK: 'webhook',
} as const;
export type QueueName = (typeof QueueName)[keyof typeof QueueName];

export const QueueJobName = {
  CONVERT: 'convert',
  DELIVER: 'deliver',
} as const;
export type QueueJobName = (typeof QueueJobName)[keyof typeof QueueJobName];

export interface ConvertJobPayload {
  jobId: string;
}

export interface WebhookJobPayload {
  deliveryId: string;
}

/** Names and payloads typed together, so a producer cannot send the wrong payload. */
export interface QueuePayloads {
  [QueueJobName.CONVERT]: ConvertJobPayload;
  [QueueJobName.DELIVER]: WebhookJobPayload;
}
