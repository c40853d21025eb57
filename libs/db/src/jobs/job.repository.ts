import {
  type FormatOptions,
  isJsonMediaType,
  type JobErrorCode,
  type JobResult,
  type JobType,
  type RenderedOutput,
} from '@docformat/contracts';
import type { StoredDocument } from '../documents/document-sql';
import { Prisma, type PrismaClient } from '../prisma-client';
import type { Job, JobOutput } from '../generated/prisma/client';
import { type CacheKey, type JobListQuery, jobSql } from './job-sql';

export type { CacheKey, JobListQuery } from './job-sql';

export type JobRow = Job;
/** A webhook delivery as the job record shows it (deliveredAt as JSON gives it: an ISO string). */
export interface WebhookDeliveryState {
  status: 'PENDING' | 'DELIVERED' | 'FAILED';
  attempts: number;
  lastError: string | null;
  deliveredAt: string | null;
}

export type JobWithOutputs = Job & {
  outputs: Pick<JobOutput, 'format' | 'content' | 'json'>[];
  /** The job's webhook delivery, once it has ended and asked for one. */
  webhookDelivery?: WebhookDeliveryState | null;
  /** A COMPLETED extraction job's findings (Extraction), null for other jobs. */
  extraction?: unknown;
};

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

/** What the worker needs of a job it has just claimed. */
export interface ClaimedJob {
  id: string;
  ownerId: string;
  fileUrl: string;
  requestedFormats: string[];
  /** The client's conversion options; null for jobs stored before options existed. */
  options: FormatOptions | null;
  /** Including the attempt that is starting now. */
  attempts: number;
  /** Set when the document was uploaded: read it from the upload, not from `fileUrl`. */
  uploadId: string | null;
  /** The job asked for a webhook: once it ends, its delivery is to be queued. */
  hasWebhook: boolean;
  /** An extraction job reads the document into its tree and findings and renders no format up front. */
  type: JobType;
}

export interface CompletedConversion {
  pages: number;
  result: JobResult;
  /** Rendered document per format name: text bodies stored as text, JSON media types as JSON. */
  outputs: Record<string, RenderedOutput>;
  /** What it was made from and how, so later jobs of the same bytes can be served from it. */
  cacheKey?: CacheKey;
  /** The document tree (and an extraction job's findings), stored with COMPLETED. */
  document?: StoredDocument;
}

export interface JobError {
  code: JobErrorCode;
  message: string;
}

/** A job the sweep should look at. */
export interface UnfinishedJob {
  id: string;
  ownerId: string;
  status: 'CREATED' | 'IN_PROGRESS';
}

const UNFINISHED = ['CREATED', 'IN_PROGRESS'] as const;

/** The column an output goes to: JSON media types as JSON (any value), the rest as text. */
function storedBody(output: RenderedOutput): { text: string | null; json: string | null } {
  if (isJsonMediaType(output.mediaType)) return { text: null, json: JSON.stringify(output.body) };
  if (typeof output.body !== 'string') throw new Error(`A ${output.mediaType} output must be a string`);
  return { text: output.body, json: null };
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

/** How long a key keeps naming its job. */
const IDEMPOTENCY_WINDOW = "interval '24 hours'";

/** Job rows as the API and the worker read and write them. */
export class JobRepository {
  constructor(private readonly prisma: PrismaClient) {}

  /** Inserts a CREATED job and returns its row (raw SQL: the API's hottest write). */
  async create(job: NewJob): Promise<JobRow> {
    const rows = await this.prisma.$queryRaw<JobRow[]>(jobSql.insert(job));
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
        const [created] = await tx.$queryRaw<JobRow[]>(jobSql.insert(job));
        if (!created) throw new Error(`INSERT of job ${job.id} returned no row`);
        const taken = await tx.$queryRaw<{ job_id: string }[]>`
          INSERT INTO idempotency_keys (owner_id, key, request_hash, job_id)
          VALUES (${job.ownerId}::uuid, ${claim.key}, ${claim.requestHash}, ${job.id}::uuid)
          ON CONFLICT (owner_id, key) DO UPDATE
             SET request_hash = EXCLUDED.request_hash, job_id = EXCLUDED.job_id, created_at = now()
           WHERE idempotency_keys.created_at <= now() - ${Prisma.raw(IDEMPOTENCY_WINDOW)}
          RETURNING job_id`;
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
    const [held] = await this.prisma.$queryRaw<{ requestHash: string; jobId: string }[]>`
      SELECT request_hash AS "requestHash", job_id AS "jobId" FROM idempotency_keys
       WHERE owner_id = ${ownerId}::uuid AND key = ${claim.key} AND created_at > now() - ${Prisma.raw(IDEMPOTENCY_WINDOW)}`;
    if (!held) return null;
    if (held.requestHash !== claim.requestHash) return { outcome: 'key-reused' };
    const row = await this.findById(held.jobId);
    return row ? { outcome: 'replayed', row } : null;
  }

  /** Each client's jobs that wait to start (CREATED), for fair scheduling's counts. */
  async backlogs(): Promise<Map<string, number>> {
    const rows = await this.prisma.job.groupBy({ by: ['ownerId'], where: { status: 'CREATED' }, _count: { _all: true } });
    return new Map(rows.map((row) => [row.ownerId, row._count._all]));
  }

  /** Deletes keys past their 24 hours (the sweep); returns how many. */
  deleteExpiredKeys(): Promise<number> {
    return this.prisma.$executeRaw`DELETE FROM idempotency_keys WHERE created_at <= now() - ${Prisma.raw(IDEMPOTENCY_WINDOW)}`;
  }

  /**
   * Deletes up to `limit` jobs that ended before `before`, with everything stored for
   * them (outputs, trees, deliveries, keys: by cascade); returns how many.
   */
  deleteEndedBefore(before: Date, limit: number): Promise<number> {
    return this.prisma.$executeRaw`
      DELETE FROM jobs WHERE id IN (
        SELECT id FROM jobs
         WHERE status IN ('COMPLETED', 'FAILED') AND completed_at < ${before}
         ORDER BY completed_at
         LIMIT ${limit})`;
  }

  /**
   * A job as its owner sees it, outputs included, in one statement. Another
   * client's job is simply not found, so ids cannot be probed.
   */
  async findForOwner(id: string, ownerId: string): Promise<JobWithOutputs | null> {
    const rows = await this.prisma.$queryRaw<JobWithOutputs[]>(jobSql.findForOwner(id, ownerId));
    return rows[0] ?? null;
  }

  /** A job with its outputs and webhook state, whoever owns it (webhook deliveries). */
  async findWithOutputs(id: string): Promise<JobWithOutputs | null> {
    const rows = await this.prisma.$queryRaw<JobWithOutputs[]>(jobSql.findWithOutputs(id));
    return rows[0] ?? null;
  }

  /** A page of a client's jobs, newest first, without outputs (see jobSql.listForOwner). */
  listForOwner(query: JobListQuery): Promise<JobRow[]> {
    return this.prisma.$queryRaw<JobRow[]>(jobSql.listForOwner(query));
  }

  /**
   * Cancels a client's unfinished job: FAILED with CANCELLED. `finished` when it had
   * ended already, `not-found` for an unknown id or another client's job.
   */
  async cancel(id: string, ownerId: string, message: string): Promise<'cancelled' | 'finished' | 'not-found'> {
    const rows = await this.prisma.$queryRaw<{ id: string }[]>(jobSql.cancel(id, ownerId, message));
    if (rows.length > 0) return 'cancelled';
    const row = await this.prisma.job.findFirst({ where: { id, ownerId }, select: { id: true } });
    return row ? 'finished' : 'not-found';
  }

  /** Deletes a client's job with its outputs; false when there was none. */
  async deleteForOwner(id: string, ownerId: string): Promise<boolean> {
    const { count } = await this.prisma.job.deleteMany({ where: { id, ownerId } });
    return count > 0;
  }

  findById(id: string): Promise<JobRow | null> {
    return this.prisma.job.findUnique({ where: { id } });
  }

  /**
   * CREATED|IN_PROGRESS → IN_PROGRESS and counts the attempt, in one statement, so a
   * row that reached a terminal status meanwhile is never touched. With
   * `maxAttempts`, only a job that has attempts left is claimed. Null when the row
   * is gone, terminal, or (with `maxAttempts`) out of attempts.
   */
  async claim(id: string, maxAttempts?: number): Promise<ClaimedJob | null> {
    const rows = await this.prisma.$queryRaw<ClaimedJob[]>(jobSql.claim(id, maxAttempts));
    return rows[0] ?? null;
  }

  /**
   * Writes every output and COMPLETED in one statement (so one transaction and one
   * round trip), only if the row is still IN_PROGRESS. The conditional UPDATE locks
   * the row, so a second delivery of the same job waits, then finds it COMPLETED
   * and writes nothing: the outputs are inserted only for a row this UPDATE changed.
   */
  async complete(id: string, done: CompletedConversion): Promise<boolean> {
    const outputs = Object.entries(done.outputs).map(([format, output]) => ({ format, ...storedBody(output) }));
    const rows = await this.prisma.$queryRaw<{ completed: number }[]>(
      jobSql.complete(id, done.pages, done.result, outputs, done.document, done.cacheKey),
    );
    return (rows[0]?.completed ?? 0) > 0;
  }

  /** The newest completed job with the same key: of `ownerId` when given, of any client otherwise (CACHE_SCOPE=global). */
  async findCached(key: CacheKey, ownerId?: string): Promise<string | null> {
    const rows = await this.prisma.$queryRaw<{ id: string }[]>(jobSql.findCached(key, ownerId));
    return rows[0]?.id ?? null;
  }

  /** Completes `id` with `sourceId`'s pages, result (marked cached) and outputs; false when either has moved on meanwhile. */
  async completeFromCache(id: string, sourceId: string, key: CacheKey): Promise<boolean> {
    const rows = await this.prisma.$queryRaw<{ completed: number }[]>(jobSql.completeFromCache(id, sourceId, key));
    return (rows[0]?.completed ?? 0) > 0;
  }

  /** → FAILED, unless the row is already terminal. */
  async fail(id: string, error: JobError): Promise<boolean> {
    const { count } = await this.prisma.job.updateMany({
      where: { id, status: { in: [...UNFINISHED] } },
      data: { status: 'FAILED', errorCode: error.code, errorMessage: error.message, completedAt: new Date() },
    });
    return count > 0;
  }

  /** Remembers why the last attempt failed while the job waits for its retry. */
  async recordRetryableError(id: string, error: JobError): Promise<boolean> {
    const { count } = await this.prisma.job.updateMany({
      where: { id, status: 'IN_PROGRESS' },
      data: { errorCode: error.code, errorMessage: error.message },
    });
    return count > 0;
  }

  /**
   * Rows that should have a queue entry: IN_PROGRESS ones of any age, and CREATED
   * ones older than `createdBefore` (younger ones may still be being enqueued).
   */
  findUnfinished(createdBefore: Date, limit: number): Promise<UnfinishedJob[]> {
    return this.prisma.job.findMany({
      where: {
        OR: [{ status: 'IN_PROGRESS' }, { status: 'CREATED', createdAt: { lt: createdBefore } }],
      },
      select: { id: true, ownerId: true, status: true },
      orderBy: { createdAt: 'asc' },
      take: limit,
    }) as Promise<UnfinishedJob[]>;
  }

  /**
   * Runs `work` while holding a Postgres transaction-level advisory lock, so only one
   * process at a time does it; returns `{ acquired: false }` at once if another holds
   * it. The lock is released with the transaction, even if this process dies.
   */
  async withExclusiveLock<T>(
    lockKey: number,
    timeoutMs: number,
    work: () => Promise<T>,
  ): Promise<{ acquired: true; value: T } | { acquired: false }> {
    return this.prisma.$transaction(
      async (tx) => {
        const [row] = await tx.$queryRaw<{ locked: boolean }[]>`SELECT pg_try_advisory_xact_lock(${lockKey}::bigint) AS locked`;
        if (!row?.locked) return { acquired: false as const };
        return { acquired: true as const, value: await work() };
      },
      { timeout: timeoutMs, maxWait: timeoutMs },
    );
  }
}
