import { batchCounts, type BatchRecord, type JobErrorCode, type JobStatus } from '@docformat/contracts';
import { type BatchJobsPage, type BatchRow, webhookState } from '@docformat/db';
import { encodeBatchCursor } from './batch-cursor';

/** A batch as GET /batches/{id} answers it, with one page of its jobs. */
export function toBatchRecord(row: BatchRow, page: BatchJobsPage): BatchRecord {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
    total: row.total,
    counts: batchCounts(row.counts),
    done: row.unfinished === 0,
    ...(row.webhookUrl ? { webhook: webhookState(row.webhookUrl, row.webhookDelivery) } : {}),
    jobs: page.jobs.map((job) => ({
      id: job.id,
      fileName: job.fileUrl,
      status: job.status as JobStatus,
      errorCode: (job.errorCode as JobErrorCode | null) ?? null,
    })),
    nextCursor: page.nextAfter === null ? null : encodeBatchCursor(page.nextAfter),
  };
}
