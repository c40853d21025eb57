import type { PrismaClient } from '../prisma-client';
import { UNFINISHED_STATUSES } from './job-row';
import { IDEMPOTENCY_WINDOW } from './job-sql';

/** A job the sweep should look at. */
export interface UnfinishedJob {
  id: string;
  ownerId: string;
  status: 'CREATED' | 'IN_PROGRESS';
}

/**
 * Jobs as the worker's sweep keeps them: unfinished ones found to be queued again,
 * ended ones and spent Idempotency-Keys deleted after their time, and the waiting
 * counts fair scheduling starts from. One sweep at a time, under a Postgres lock.
 */
export class JobMaintenanceRepository {
  constructor(private readonly prisma: PrismaClient) {}

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

  /** One job again, if it is still unfinished: null once it has ended or is gone (it needs no queue entry then). */
  findUnfinishedById(id: string): Promise<UnfinishedJob | null> {
    return this.prisma.job.findFirst({
      where: { id, status: { in: [...UNFINISHED_STATUSES] } },
      select: { id: true, ownerId: true, status: true },
    }) as Promise<UnfinishedJob | null>;
  }

  /** Each client's jobs that wait to start (CREATED), for fair scheduling's counts. */
  async backlogs(): Promise<Map<string, number>> {
    const rows = await this.prisma.job.groupBy({ by: ['ownerId'], where: { status: 'CREATED' }, _count: { _all: true } });
    return new Map(rows.map((row) => [row.ownerId, row._count._all]));
  }

  /** Deletes keys past their 24 hours (the sweep); returns how many. */
  deleteExpiredKeys(): Promise<number> {
    return this.prisma.$executeRaw`DELETE FROM idempotency_keys WHERE created_at <= now() - ${IDEMPOTENCY_WINDOW}`;
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
