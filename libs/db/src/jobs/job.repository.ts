import {
  type FormatOptions,
  isJsonMediaType,
  type JobErrorCode,
  type JobResult,
  type JobType,
  type RenderedOutput,
} from '@docformat/contracts';
import type { PrismaClient } from '../prisma-client';
import type { Job, JobOutput } from '../generated/prisma/client';
import { type JobListQuery, jobSql } from './job-sql';

export type { JobListQuery } from './job-sql';

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
}

export interface CompletedConversion {
  pages: number;
  result: JobResult;
  /** Rendered document per format name: text bodies stored as text, JSON media types as JSON. */
  outputs: Record<string, RenderedOutput>;
}

export interface JobError {
  code: JobErrorCode;
  message: string;
}

/** A job the sweep should look at. */
export interface UnfinishedJob {
  id: string;
  status: 'CREATED' | 'IN_PROGRESS';
}

const UNFINISHED = ['CREATED', 'IN_PROGRESS'] as const;

/** The column an output goes to: JSON media types as JSON (any value), the rest as text. */
function storedBody(output: RenderedOutput): { text: string | null; json: string | null } {
  if (isJsonMediaType(output.mediaType)) return { text: null, json: JSON.stringify(output.body) };
  if (typeof output.body !== 'string') throw new Error(`A ${output.mediaType} output must be a string`);
  return { text: output.body, json: null };
}

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
    const rows = await this.prisma.$queryRaw<{ completed: number }[]>(jobSql.complete(id, done.pages, done.result, outputs));
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
      select: { id: true, status: true },
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
