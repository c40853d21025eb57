import type { FormatOptions, JobType } from '@docformat/contracts';
import type { PrismaClient } from '../prisma-client';
import { clientJobSql, type JobListQuery } from './client-job-sql';
import type { JobRow, JobWithOutputs } from './job-row';

export type { JobListQuery } from './client-job-sql';

export interface NewJob {
  id: string;
  ownerId: string;
  type: JobType;
  fileUrl: string;
  requestedFormats: string[];
  /** Only the options the client set; absent ones take their defaults in the worker. */
  options?: FormatOptions;
  /** A complete upload to convert instead of downloading `fileUrl` (which then holds the upload's file name). */
  uploadId?: string;
  /** Where to POST the record when the job ends. */
  webhookUrl?: string;
}

/** A client's Idempotency-Key on a request, and the hash of that request. */
export interface IdempotencyClaim {
  key: string;
  requestHash: string;
}

/** What became of a request with an Idempotency-Key. */
export type IdempotentCreation =
  | { outcome: 'created'; row: JobRow }
  /** The key named a job for this same request within 24 hours: that job. */
  | { outcome: 'replayed'; row: JobRow }
  /** The key named a job for another request within 24 hours. */
  | { outcome: 'key-reused' };

/** Thrown inside the creating transaction to roll the new job back when the key turned out to be taken. */
class KeyTaken extends Error {}

/**
 * Jobs as the API's clients see them: created (under an Idempotency-Key or not),
 * found, listed, cancelled and deleted, each only by and for the job's owner.
 */
export class ClientJobRepository {
  constructor(private readonly prisma: PrismaClient) {}

  /** Inserts a CREATED job and returns its row (raw SQL: the API's hottest write). */
  async create(job: NewJob): Promise<JobRow> {
    const rows = await this.prisma.$queryRaw<JobRow[]>(clientJobSql.insert(job));
    const row = rows[0];
    if (!row) throw new Error(`INSERT of job ${job.id} returned no row`);
    return row;
  }

  /**
   * Creates a job under an Idempotency-Key, or finds the one the key already names.
   * The key row and the job are written in one transaction, and the key's primary key
   * settles races: a concurrent request with the same key waits for the first one's
   * commit, finds the key taken, rolls its own job back and answers with the first
   * one's. A key older than 24 hours is free again.
   */
  async createIdempotent(job: NewJob, claim: IdempotencyClaim): Promise<IdempotentCreation> {
    const existing = await this.keyHolder(job.ownerId, claim);
    if (existing) return existing;
    try {
      const row = await this.prisma.$transaction(async (tx) => {
        const [created] = await tx.$queryRaw<JobRow[]>(clientJobSql.insert(job));
        if (!created) throw new Error(`INSERT of job ${job.id} returned no row`);
        const taken = await tx.$queryRaw<{ job_id: string }[]>(clientJobSql.takeKey(job.ownerId, claim.key, claim.requestHash, job.id));
        if (taken.length === 0) throw new KeyTaken();
        return created;
      });
      return { outcome: 'created', row };
    } catch (error) {
      if (!(error instanceof KeyTaken)) throw error;
      return (await this.keyHolder(job.ownerId, claim)) ?? { outcome: 'key-reused' };
    }
  }

  /** The job a live key names, as a replay or a reuse; null when the key is free. */
  private async keyHolder(ownerId: string, claim: IdempotencyClaim): Promise<IdempotentCreation | null> {
    const [held] = await this.prisma.$queryRaw<{ requestHash: string; jobId: string }[]>(clientJobSql.keyHolder(ownerId, claim.key));
    if (!held) return null;
    if (held.requestHash !== claim.requestHash) return { outcome: 'key-reused' };
    const row = await this.prisma.job.findUnique({ where: { id: held.jobId } });
    return row ? { outcome: 'replayed', row } : null;
  }

  /**
   * A job as its owner sees it, outputs included, in one statement. Another
   * client's job is simply not found, so ids cannot be probed.
   */
  async findForOwner(id: string, ownerId: string): Promise<JobWithOutputs | null> {
    const rows = await this.prisma.$queryRaw<JobWithOutputs[]>(clientJobSql.findForOwner(id, ownerId));
    return rows[0] ?? null;
  }

  /** A page of a client's jobs, newest first, without outputs (see clientJobSql.listForOwner). */
  listForOwner(query: JobListQuery): Promise<JobRow[]> {
    return this.prisma.$queryRaw<JobRow[]>(clientJobSql.listForOwner(query));
  }

  /**
   * Cancels a client's unfinished job: FAILED with CANCELLED. `finished` when it had
   * ended already, `not-found` for an unknown id or another client's job.
   */
  async cancel(id: string, ownerId: string, message: string): Promise<'cancelled' | 'finished' | 'not-found'> {
    const rows = await this.prisma.$queryRaw<{ id: string }[]>(clientJobSql.cancel(id, ownerId, message));
    if (rows.length > 0) return 'cancelled';
    const row = await this.prisma.job.findFirst({ where: { id, ownerId }, select: { id: true } });
    return row ? 'finished' : 'not-found';
  }

  /** Deletes a client's job with its outputs; false when there was none. */
  async deleteForOwner(id: string, ownerId: string): Promise<boolean> {
    const { count } = await this.prisma.job.deleteMany({ where: { id, ownerId } });
    return count > 0;
  }
}
