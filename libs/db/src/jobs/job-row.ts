import type { Job, JobOutput } from '../generated/prisma/client';

/** A job's row, as every role reads it. */
export type JobRow = Job;

/** A webhook delivery as the job record shows it (deliveredAt as JSON gives it: an ISO string). */
export interface WebhookDeliveryState {
  status: 'PENDING' | 'DELIVERED' | 'FAILED';
  attempts: number;
  lastError: string | null;
  deliveredAt: string | null;
}

/** A job with what its record shows: what GET /job/{id} answers and a webhook delivery sends. */
export type JobWithOutputs = Job & {
  outputs: Pick<JobOutput, 'format' | 'content' | 'json'>[];
  /** The job's webhook delivery, once it has ended and asked for one. */
  webhookDelivery?: WebhookDeliveryState | null;
  /** A COMPLETED extraction job's findings (Extraction), null for other jobs. */
  extraction?: unknown;
};

/** The statuses of a job that has not ended: the worker may still write it, the sweep may queue it again. */
export const UNFINISHED_STATUSES = ['CREATED', 'IN_PROGRESS'] as const;
