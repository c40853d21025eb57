import type { PrismaClient } from '../prisma-client';
import { clientJobSql } from '../jobs/client-job-sql';
import type { IdempotencyClaim } from '../jobs/client-job.repository';
import type { JobRow } from '../jobs/job-row';
import { batchSql, type BatchJobRow, type BatchJobsInsert, type BatchRow } from './batch-sql';

export type { BatchJobRow, BatchRow } from './batch-sql';

/** A batch to save: its jobs share type, formats and options; one file each. */
export interface NewBatch extends Omit<BatchJobsInsert, 'batchId'> {
  id: string;
  webhookUrl?: string;
}

/** What became of a POST /batches with an Idempotency-Key (as IdempotentCreation for a job). */
export type IdempotentBatch =
  | { outcome: 'created'; rows: JobRow[] }
  /** The key named a batch made for this same request within 24 hours: that batch. */
  | { outcome: 'replayed'; batchId: string }
  /** The key named another request's job or batch within 24 hours. */
  | { outcome: 'key-reused' };

/** Thrown inside the creating transaction to roll the new batch back when the key turned out to be taken. */
class KeyTaken extends Error {}

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

  /**
   * Creates a batch under an Idempotency-Key, or finds the one the key names. The key
   * table is POST /format's: the key names the batch's first job, whose batch is the
   * batch, so one key cannot name a job and a batch at once. Races settle on the key's
   * primary key as for a job (ClientJobRepository.createIdempotent).
   */
  async createIdempotent(batch: NewBatch, claim: IdempotencyClaim): Promise<IdempotentBatch> {
    const existing = await this.keyHolder(batch.ownerId, claim);
    if (existing) return existing;
    const first = batch.jobIds[0];
    if (first === undefined) throw new Error(`batch ${batch.id} has no jobs`);
    try {
      const rows = await this.prisma.$transaction(async (tx) => {
        const created = await insertBatch(tx, batch);
        const taken = await tx.$queryRaw<{ job_id: string }[]>(clientJobSql.takeKey(batch.ownerId, claim.key, claim.requestHash, first));
        if (taken.length === 0) throw new KeyTaken();
        return created;
      });
      return { outcome: 'created', rows };
    } catch (error) {
      if (!(error instanceof KeyTaken)) throw error;
      return (await this.keyHolder(batch.ownerId, claim)) ?? { outcome: 'key-reused' };
    }
  }

  /** The batch a live key names, as a replay or a reuse; null when the key is free (or its batch is gone). */
  private async keyHolder(ownerId: string, claim: IdempotencyClaim): Promise<IdempotentBatch | null> {
    const [held] = await this.prisma.$queryRaw<{ requestHash: string; jobId: string }[]>(clientJobSql.keyHolder(ownerId, claim.key));
    if (!held) return null;
    if (held.requestHash !== claim.requestHash) return { outcome: 'key-reused' };
    const job = await this.prisma.job.findUnique({ where: { id: held.jobId }, select: { batchId: true } });
    if (!job) return null;
    return job.batchId ? { outcome: 'replayed', batchId: job.batchId } : { outcome: 'key-reused' };
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
      const jobs = await tx.$queryRaw<{ id: string; status: string }[]>(batchSql.lockJobs(id, ownerId));
      const deleted = await tx.$queryRaw<{ id: string }[]>(batchSql.delete(id, ownerId));
      const unfinished = jobs.filter((job) => job.status === 'CREATED' || job.status === 'IN_PROGRESS');
      return deleted.length > 0 ? unfinished.map((row) => row.id) : null;
    });
  }
}

/** The batch row, then its jobs, inside the caller's transaction. */
async function insertBatch(tx: Pick<PrismaClient, '$executeRaw' | '$queryRaw'>, batch: NewBatch): Promise<JobRow[]> {
  await tx.$executeRaw(
    batchSql.insertBatch({ id: batch.id, ownerId: batch.ownerId, webhookUrl: batch.webhookUrl, total: batch.jobIds.length }),
  );
  return tx.$queryRaw<JobRow[]>(batchSql.insertJobs({ ...batch, batchId: batch.id }));
}
