import type { FormatOptions, JobErrorCode, JobResult, JobType } from '@docformat/contracts';
import type { Prisma, PrismaClient } from '../prisma-client';
import type { Job, JobOutput } from '../generated/prisma/client';

export type JobRow = Job;
export type JobWithOutputs = Job & { outputs: Pick<JobOutput, 'format' | 'content'>[] };

export interface NewJob {
  id: string;
  ownerId: string;
  type: JobType;
  fileUrl: string;
  requestedFormats: string[];
  /** Only the options the client set; absent ones take their defaults in the worker. */
  options?: FormatOptions;
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
}

export interface CompletedConversion {
  pages: number;
  result: JobResult;
  /** Rendered document per format name. */
  outputs: Record<string, string>;
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

/** Job rows as the API and the worker read and write them. */
export class JobRepository {
  constructor(private readonly prisma: PrismaClient) {}

  create({ options, ...job }: NewJob): Promise<JobRow> {
    return this.prisma.job.create({ data: { ...job, ...(options ? { options: options as Prisma.InputJsonValue } : {}) } });
  }

  /**
   * A job as its owner sees it, outputs included. Another client's job is simply
   * not found, so ids cannot be probed.
   */
  findForOwner(id: string, ownerId: string): Promise<JobWithOutputs | null> {
    return this.prisma.job.findFirst({
      where: { id, ownerId },
      include: { outputs: { select: { format: true, content: true } } },
    });
  }

  findById(id: string): Promise<JobRow | null> {
    return this.prisma.job.findUnique({ where: { id } });
  }

  /**
   * CREATED|IN_PROGRESS → IN_PROGRESS and counts the attempt, in one statement, so a
   * row that reached a terminal status meanwhile is never touched. Null when the row
   * is gone or terminal.
   */
  async claim(id: string): Promise<ClaimedJob | null> {
    const rows = await this.prisma.$queryRaw<ClaimedJob[]>`
      UPDATE jobs
         SET status = 'IN_PROGRESS',
             attempts = attempts + 1,
             started_at = COALESCE(started_at, now()),
             updated_at = now()
       WHERE id = ${id}::uuid AND status IN ('CREATED', 'IN_PROGRESS')
   RETURNING id, file_url AS "fileUrl", requested_formats AS "requestedFormats", options, attempts`;
    return rows[0] ?? null;
  }

  /**
   * Writes every output and COMPLETED in one transaction, only if the row is still
   * IN_PROGRESS. The conditional UPDATE runs first: it locks the row, so a second
   * delivery of the same job waits, then finds it COMPLETED and writes nothing.
   */
  async complete(id: string, done: CompletedConversion): Promise<boolean> {
    return this.prisma.$transaction(async (tx) => {
      const { count } = await tx.job.updateMany({
        where: { id, status: 'IN_PROGRESS' },
        data: {
          status: 'COMPLETED',
          pages: done.pages,
          result: done.result as unknown as Prisma.InputJsonValue,
          errorCode: null,
          errorMessage: null,
          completedAt: new Date(),
        },
      });
      if (count === 0) return false;
      await tx.jobOutput.createMany({
        data: Object.entries(done.outputs).map(([format, content]) => ({ jobId: id, format, content })),
      });
      return true;
    });
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
