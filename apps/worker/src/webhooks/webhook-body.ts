import {
  BATCH_COMPLETED_EVENT,
  batchCounts,
  type BatchWebhookBody,
  type ExtractionResult,
  type JobRecord,
  JobType,
} from '@docformat/contracts';
import type { BatchRow } from '@docformat/db';

/** What a webhook POSTs: the job's record, with its outputs when they fit. */
export type WebhookBody = JobRecord & {
  /**
   * Set when the outputs would have made the body bigger than WEBHOOK_MAX_BODY_BYTES:
   * `formats` is then `{}` (an extraction job's `result` keeps its source facts only).
   */
  outputsOmitted?: true;
  /** Where to fetch the job with its outputs (GET, with the token): PUBLIC_URL + /job/{id}, or the path alone. */
  jobUrl: string;
};

/**
 * The body of a delivery, as the bytes that are signed and sent: the record as GET
 * /job/{id} gives it (webhook state aside: it describes this very delivery), with
 * the outputs in it up to `maxBytes`, else without them and with the link to fetch
 * them.
 */
export function webhookBody(record: JobRecord, options: { maxBytes: number; publicUrl?: string }): Buffer {
  const { webhook: _state, ...rest } = record;
  const jobUrl = `${options.publicUrl ?? ''}/job/${record.id}`;
  const full = Buffer.from(JSON.stringify({ ...rest, jobUrl } satisfies WebhookBody), 'utf8');
  if (full.length <= options.maxBytes) return full;
  return Buffer.from(JSON.stringify({ ...withoutOutputs(rest), outputsOmitted: true, jobUrl } satisfies WebhookBody), 'utf8');
}

/**
 * A format job's outputs are its `formats`; an extraction job's are in its `result`
 * (its `formats` are links, which stay).
 */
function withoutOutputs(record: Omit<JobRecord, 'webhook'>): Omit<JobRecord, 'webhook'> {
  if (record.type !== JobType.EXTRACTION) return { ...record, formats: {} };
  const { document: _document, tables: _tables, links: _links, images: _images, ...facts } = record.result as Partial<ExtractionResult>;
  return { ...record, result: facts as JobRecord['result'] };
}

/** The body of a batch's one delivery: its counts once every job has ended, and where to page its jobs. */
export function batchWebhookBody(batch: BatchRow, options: { publicUrl?: string }): Buffer {
  const body: BatchWebhookBody = {
    event: BATCH_COMPLETED_EVENT,
    id: batch.id,
    createdAt: batch.createdAt.toISOString(),
    completedAt: batch.completedAt?.toISOString() ?? null,
    total: batch.total,
    counts: batchCounts(batch.counts),
    batchUrl: `${options.publicUrl ?? ''}/batches/${batch.id}`,
  };
  return Buffer.from(JSON.stringify(body), 'utf8');
}
