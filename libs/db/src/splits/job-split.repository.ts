import { clientMessage, type FormatOptions } from '@docformat/contracts';
import type { JobError } from '../jobs/job-processing.repository';
import type { PrismaClient } from '../prisma-client';
import { HAS_WEBHOOK } from '../jobs/job-sql';

/** What the worker fetched for a split job, kept for the assembly's result and cache key. */
export interface SplitSource {
  mimeType: string;
  bytes: number;
  sha256: string;
  extension?: string;
  cacheKey: { sourceSha256: string; conversionKey: string };
}

export interface NewSplit {
  /** The reader's plan (opaque here), with its ranges in `parts`. */
  plan: { parts: number[][] };
  source: SplitSource;
  document: Uint8Array;
  converterVersion: string;
  /** Pages the job converts (the selection), for its progress. */
  pages: number;
}

export type RangeStatus = 'PENDING' | 'RUNNING' | 'DONE';

/** What a range's reading needs of its job. */
export interface RangeJob {
  ownerId: string;
  options: FormatOptions | null;
  hasWebhook: boolean;
}

/** A split as its parent delivery sees it: no document, no parts. */
export interface SplitState {
  plan: { parts: number[][] };
  source: SplitSource;
  converterVersion: string;
  round: number;
  ranges: Array<{ idx: number; status: RangeStatus }>;
}

/** What a range delivery learns from trying to claim its range. */
export type RangeClaim =
  | ({ outcome: 'claimed'; pages: number[]; attempts: number } & RangeJob)
  /** The job ended or is gone (cancelled, deleted, failed by another range): nothing to do. */
  | { outcome: 'ended' }
  /** Another delivery finished it already. */
  | { outcome: 'done' }
  /** Its client has SPLIT_RANGES_PER_CLIENT ranges running: try later. */
  | { outcome: 'capped' }
  /** Started `attempts` times without finishing: the job fails with the range's last error. */
  | ({ outcome: 'exhausted'; attempts: number; error: JobError | null } & RangeJob);

/**
 * The Postgres side of one long document across the fleet (issue 31): the split (the
 * document, the plan) and its page ranges, each claimed by one worker at a time and
 * kept, once read, as its part. Postgres is the truth, so a flushed Redis or a lost
 * worker costs at most the ranges that were running. Every write checks the state it
 * expects, so a second delivery of a range or of its parent changes nothing twice.
 */
export class JobSplitRepository {
  constructor(private readonly prisma: PrismaClient) {}

  /**
   * Records the split of an IN_PROGRESS job with its ranges, the first RUNNING (its
   * planner reads it), and the job's progress (0 of `pages`), in one statement; false
   * when the job has ended or was split already.
   */
  async create(jobId: string, split: NewSplit): Promise<boolean> {
    const parts = split.plan.parts;
    const rows = await this.prisma.$queryRaw<{ created: number }[]>`
      WITH job AS (
        UPDATE jobs SET pages_total = ${split.pages}, pages_done = COALESCE(pages_done, 0)
         WHERE id = ${jobId}::uuid AND status = 'IN_PROGRESS'
     RETURNING id
      ), made AS (
        INSERT INTO job_splits (job_id, plan, source, document, converter_version)
        SELECT job.id, ${JSON.stringify(split.plan)}::jsonb, ${JSON.stringify(split.source)}::jsonb, ${Buffer.from(split.document)}, ${split.converterVersion}
          FROM job
        ON CONFLICT (job_id) DO NOTHING
     RETURNING job_id
      ), ranges AS (
        INSERT INTO job_ranges (job_id, idx, pages, status, attempts, started_at)
        SELECT made.job_id, r.idx - 1, ARRAY(SELECT jsonb_array_elements_text(r.pages)::int),
               CASE WHEN r.idx = 1 THEN 'RUNNING' ELSE 'PENDING' END, CASE WHEN r.idx = 1 THEN 1 ELSE 0 END,
               CASE WHEN r.idx = 1 THEN now() END
          FROM made, jsonb_array_elements(${JSON.stringify(parts)}::jsonb) WITH ORDINALITY AS r(pages, idx)
      )
      -- A data-modifying CTE runs whether or not the query reads it: the ranges go in.
      SELECT count(*)::int AS created FROM made`;
    return (rows[0]?.created ?? 0) > 0;
  }

  /** The split of a job and its ranges' states; null when the job was never split (or has ended: the split goes with it). */
  async find(jobId: string): Promise<SplitState | null> {
    const splits = await this.prisma.$queryRaw<Array<Omit<SplitState, 'ranges'>>>`
      SELECT plan, source, converter_version AS "converterVersion", round FROM job_splits WHERE job_id = ${jobId}::uuid`;
    const split = splits[0];
    if (!split) return null;
    const ranges = await this.prisma.$queryRaw<SplitState['ranges']>`
      SELECT idx, status FROM job_ranges WHERE job_id = ${jobId}::uuid ORDER BY idx`;
    return { ...split, ranges };
  }

  /** The split document's bytes; null when the split has gone (its job ended). */
  async document(jobId: string): Promise<Buffer | null> {
    const rows = await this.prisma.$queryRaw<{ document: Uint8Array }[]>`SELECT document FROM job_splits WHERE job_id = ${jobId}::uuid`;
    const bytes = rows[0]?.document;
    return bytes ? Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) : null;
  }

  /** Forgets a split (its converter version is not this worker's): the job is converted again from the start. */
  async discard(jobId: string): Promise<void> {
    await this.prisma.$executeRaw`DELETE FROM job_splits WHERE job_id = ${jobId}::uuid`;
  }

  /** The next round of child entries for the unfinished ranges (their queue ids carry it, so none is swallowed by an old entry). */
  async nextRound(jobId: string): Promise<number | null> {
    const rows = await this.prisma.$queryRaw<{ round: number }[]>`
      UPDATE job_splits SET round = round + 1 WHERE job_id = ${jobId}::uuid RETURNING round`;
    return rows[0]?.round ?? null;
  }

  /**
   * Claims a range for an attempt: RUNNING, its attempt counted, unless the job has
   * ended, the range is DONE or out of attempts, or its client already has
   * `maxRunning` ranges running (a range's own earlier claim, by a worker that was
   * lost, does not count). The client's ranges are counted under a transaction-level
   * advisory lock on the client, so two workers cannot both take the last place.
   */
  async claim(jobId: string, idx: number, maxAttempts: number, maxRunning: number): Promise<RangeClaim> {
    return this.prisma.$transaction(async (tx) => {
      const found = await tx.$queryRaw<
        Array<
          RangeJob & {
            jobStatus: string;
            status: RangeStatus;
            attempts: number;
            pages: number[];
            errorCode: string | null;
            errorMessage: string | null;
          }
        >
      >`
        SELECT j.owner_id AS "ownerId", j.options, ${HAS_WEBHOOK('j')} AS "hasWebhook", j.status::text AS "jobStatus", r.status, r.attempts, r.pages,
               r.error_code AS "errorCode", r.error_message AS "errorMessage"
          FROM job_ranges r JOIN jobs j ON j.id = r.job_id
         WHERE r.job_id = ${jobId}::uuid AND r.idx = ${idx}
           FOR UPDATE OF r`;
      const range = found[0];
      if (!range || range.jobStatus !== 'IN_PROGRESS') return { outcome: 'ended' };
      if (range.status === 'DONE') return { outcome: 'done' };
      const job: RangeJob = { ownerId: range.ownerId, options: range.options, hasWebhook: range.hasWebhook };
      if (range.attempts >= maxAttempts) {
        const error = range.errorCode ? ({ code: range.errorCode, message: range.errorMessage ?? '' } as JobError) : null;
        return { outcome: 'exhausted', attempts: range.attempts, error, ...job };
      }
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${range.ownerId}))`;
      const running = await tx.$queryRaw<{ count: number }[]>`
        SELECT count(*)::int AS count
          FROM job_ranges r JOIN jobs j ON j.id = r.job_id
         WHERE j.owner_id = ${range.ownerId}::uuid AND j.status = 'IN_PROGRESS' AND r.status = 'RUNNING'
           AND NOT (r.job_id = ${jobId}::uuid AND r.idx = ${idx})`;
      if ((running[0]?.count ?? 0) >= maxRunning) return { outcome: 'capped' };
      const claimed = await tx.$queryRaw<{ attempts: number }[]>`
        UPDATE job_ranges SET status = 'RUNNING', attempts = attempts + 1, started_at = now()
         WHERE job_id = ${jobId}::uuid AND idx = ${idx}
     RETURNING attempts`;
      return { outcome: 'claimed', pages: range.pages, attempts: claimed[0]?.attempts ?? range.attempts + 1, ...job };
    });
  }

  /**
   * Keeps a range's part (DONE) and adds its pages to the job's progress, in one
   * statement; false when the range was DONE already or the job has ended (the split
   * went with it), and nothing is written then.
   */
  async complete(jobId: string, idx: number, part: Uint8Array): Promise<boolean> {
    const rows = await this.prisma.$queryRaw<{ done: number }[]>`
      WITH done AS (
        UPDATE job_ranges SET status = 'DONE', part = ${Buffer.from(part.buffer, part.byteOffset, part.byteLength)}, finished_at = now(),
               error_code = NULL, error_message = NULL
         WHERE job_id = ${jobId}::uuid AND idx = ${idx} AND status <> 'DONE'
     RETURNING cardinality(pages) AS pages
      ), progress AS (
        UPDATE jobs SET pages_done = LEAST(COALESCE(pages_done, 0) + done.pages, pages_total)
          FROM done
         WHERE jobs.id = ${jobId}::uuid AND jobs.status = 'IN_PROGRESS'
     RETURNING 1
      )
      SELECT (SELECT count(*) FROM done)::int AS done, (SELECT count(*) FROM progress)::int AS progressed`;
    return (rows[0]?.done ?? 0) > 0;
  }

  /** Gives a range back (PENDING) after a failure that another attempt may not meet, remembering why. */
  async release(jobId: string, idx: number, error: JobError): Promise<void> {
    await this.prisma.$executeRaw`
      UPDATE job_ranges SET status = 'PENDING', error_code = ${error.code}, error_message = ${clientMessage(error.message)}
       WHERE job_id = ${jobId}::uuid AND idx = ${idx} AND status = 'RUNNING'`;
  }

  /** Counts an attempt at assembling; null when the job has ended or `maxAttempts` have been made. */
  async claimAssembly(jobId: string, maxAttempts: number): Promise<number | null> {
    const rows = await this.prisma.$queryRaw<{ attempts: number }[]>`
      UPDATE job_splits s SET assemble_attempts = s.assemble_attempts + 1
        FROM jobs j
       WHERE s.job_id = ${jobId}::uuid AND j.id = s.job_id AND j.status = 'IN_PROGRESS' AND s.assemble_attempts < ${maxAttempts}
   RETURNING s.assemble_attempts AS attempts`;
    return rows[0]?.attempts ?? null;
  }

  /** Every range's part, in page order; null unless every range is DONE. */
  async parts(jobId: string): Promise<Uint8Array[] | null> {
    const rows = await this.prisma.$queryRaw<Array<{ part: Uint8Array | null }>>`
      SELECT part FROM job_ranges WHERE job_id = ${jobId}::uuid ORDER BY idx`;
    if (rows.length === 0 || rows.some((row) => row.part === null)) return null;
    // Copied into buffers of their own: the assembly moves (transfers) them to its thread.
    return rows.map((row) => new Uint8Array(row.part as Uint8Array));
  }

  /** Each client's page ranges that wait to start, of jobs still running: fair scheduling counts them with the client's jobs. */
  async pendingByOwner(): Promise<Map<string, number>> {
    const rows = await this.prisma.$queryRaw<Array<{ ownerId: string; count: number }>>`
      SELECT j.owner_id AS "ownerId", count(*)::int AS count
        FROM job_ranges r JOIN jobs j ON j.id = r.job_id
       WHERE r.status = 'PENDING' AND j.status = 'IN_PROGRESS'
       GROUP BY j.owner_id`;
    return new Map(rows.map((row) => [row.ownerId, row.count]));
  }
}
