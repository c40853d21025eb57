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
  /** One page range of a long document split across the fleet: a child of the job's `convert` entry. */
  RANGE: 'range',
  DELIVER: 'deliver',
} as const;
export type QueueJobName = (typeof QueueJobName)[keyof typeof QueueJobName];

export interface ConvertJobPayload {
  jobId: string;
}

/** A page range of a split job: the range's index in the split, and the round of entries it belongs to. */
export interface RangeJobPayload {
  jobId: string;
  range: number;
  round: number;
}

export interface WebhookJobPayload {
  deliveryId: string;
}

/** Names and payloads typed together, so a producer cannot send the wrong payload. */
export interface QueuePayloads {
  [QueueJobName.CONVERT]: ConvertJobPayload;
  [QueueJobName.RANGE]: RangeJobPayload;
  [QueueJobName.DELIVER]: WebhookJobPayload;
}
