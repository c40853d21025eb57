import type { PrismaClient } from '../prisma-client';
import type { JobRow } from '../jobs/job-row';
import { batchSql, type BatchJobRow, type BatchJobsInsert, type BatchRow } from './batch-sql';

export type { BatchJobRow, BatchRow } from './batch-sql';

/** A batch to save: its jobs share type, formats and options; one file each. */
export interface NewBatch extends Omit<BatchJobsInsert, 'batchId'> {
  id: string;
  webhookUrl?: string;
}

/** A page of a batch's jobs, and the position of its last job when there are more. */
export interface BatchJobsPage {
  jobs: BatchJobRow[];
  nextAfter: number | null;
}

/**
 * Batches as the API's clients see them: created with all their jobs in one
 * transaction, read with counts, paged, cancelled and deleted, each only by and for
 * the batch's owner (another client's batch is not found).
 */
export class ClientBatchRepository {
  constructor(private readonly prisma: PrismaClient) {}

  /** The batch row and every job row, committed together: no batch is ever seen half-made. */
  async create(batch: NewBatch): Promise<JobRow[]> {
    return this.prisma.$transaction(async (tx) => {
      await tx.$executeRaw(
        batchSql.insertBatch({ id: batch.id, ownerId: batch.ownerId, webhookUrl: batch.webhookUrl, total: batch.jobIds.length }),
      );
      return tx.$queryRaw<JobRow[]>(batchSql.insertJobs({ ...batch, batchId: batch.id }));
    });
  }

  async findForOwner(id: string, ownerId: string): Promise<BatchRow | null> {
    const [row] = await this.prisma.$queryRaw<BatchRow[]>(batchSql.findForOwner(id, ownerId));
    return row ?? null;
  }

  /** Any client's batch: for the webhook that reports it. */
  async find(id: string): Promise<BatchRow | null> {
    const [row] = await this.prisma.$queryRaw<BatchRow[]>(batchSql.find(id));
    return row ?? null;
  }

  /** Up to `limit` jobs after position `after` (-1 for the first page). */
  async jobsPage(id: string, after: number, limit: number): Promise<BatchJobsPage> {
    const rows = await this.prisma.$queryRaw<BatchJobRow[]>(batchSql.jobsPage(id, after, limit));
    const jobs = rows.slice(0, limit);
    return { jobs, nextAfter: rows.length > limit ? (jobs[jobs.length - 1]?.batchIndex ?? null) : null };
  }

  /** Cancels every unfinished job of the owner's batch in one statement: their ids, or null for no such batch. */
  async cancel(id: string, ownerId: string, message: string): Promise<string[] | null> {
    const rows = await this.prisma.$queryRaw<{ id: string }[]>(batchSql.cancel(id, ownerId, message));
    if (rows.length > 0) return rows.map((row) => row.id);
    return (await this.findForOwner(id, ownerId)) ? [] : null;
  }

  /** Deletes the owner's batch with its jobs (cascade): the jobs that had not ended, or null for no such batch. */
  async delete(id: string, ownerId: string): Promise<string[] | null> {
    return this.prisma.$transaction(async (tx) => {
      const unfinished = await tx.$queryRaw<{ id: string }[]>(batchSql.unfinishedJobs(id));
      const deleted = await tx.$queryRaw<{ id: string }[]>(batchSql.delete(id, ownerId));
      return deleted.length > 0 ? unfinished.map((row) => row.id) : null;
    });
  }
}
