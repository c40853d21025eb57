import type { Prisma as PrismaNamespace } from '../prisma-client';
import { Prisma } from '../prisma-client';
import { IDEMPOTENCY_WINDOW, JOB_COLUMNS, jobWithOutputs, WEBHOOK_DELIVERY } from './job-sql';

/** Which of a client's jobs GET /jobs lists: filters, and the position after the last one seen. */
export interface JobListQuery {
  ownerId: string;
  status?: string;
  type?: string;
  /** The (createdAt, id) of the last job of the previous page: the page starts just below it. */
  after?: { createdAt: Date; id: string };
  limit: number;
}

export interface JobInsert {
  id: string;
  ownerId: string;
  type: string;
  fileUrl: string;
  requestedFormats: string[];
  /** Stored as JSON; absent is SQL NULL. */
  options?: unknown;
  /** The complete upload the job converts, instead of downloading `fileUrl`. */
  uploadId?: string;
  /** Where to POST the record when the job ends. */
  webhookUrl?: string;
}

/**
 * CREATED|IN_PROGRESS → FAILED with CANCELLED for the jobs `where` picks (a job, or a
 * batch's), returning their ids; the triggers announce each and count it off its batch.
 */
export const cancelWhere = (where: PrismaNamespace.Sql, message: string): PrismaNamespace.Sql => Prisma.sql`
    UPDATE jobs
       SET status = 'FAILED', error_code = 'CANCELLED', error_message = ${message},
           completed_at = now(), updated_at = now()
     WHERE ${where} AND status IN ('CREATED', 'IN_PROGRESS')
 RETURNING id`;

/**
 * The API's statements as raw SQL: one round trip each, and none of the query
 * planning Prisma's interpreter does per call (a fifth of the API's CPU under
 * load when they went through `job.create` / `job.findFirst`).
 */
export const clientJobSql = {
  insert: (job: JobInsert): PrismaNamespace.Sql => Prisma.sql`
    INSERT INTO jobs AS j (id, owner_id, type, file_url, requested_formats, options, upload_id, webhook_url)
    VALUES (${job.id}::uuid, ${job.ownerId}::uuid, ${job.type}::"JobType", ${job.fileUrl},
            ${job.requestedFormats}::text[], ${job.options === undefined ? null : JSON.stringify(job.options)}::jsonb,
            ${job.uploadId ?? null}::uuid, ${job.webhookUrl ?? null})
    RETURNING ${JOB_COLUMNS('j')}`,

  /** The job and its outputs in one statement; another owner's job is no row. */
  findForOwner: (id: string, ownerId: string): PrismaNamespace.Sql =>
    jobWithOutputs(Prisma.sql`j.id = ${id}::uuid AND j.owner_id = ${ownerId}::uuid`),

  /**
   * A client's jobs newest first, without outputs: keyset pagination on (created_at,
   * id), so rows inserted meanwhile never shift a page (no gaps, no repeats).
   */
  listForOwner: (query: JobListQuery): PrismaNamespace.Sql => Prisma.sql`
    SELECT ${JOB_COLUMNS('j')}, ${WEBHOOK_DELIVERY('j')}
      FROM jobs j
     WHERE j.owner_id = ${query.ownerId}::uuid
           ${query.status === undefined ? Prisma.empty : Prisma.sql`AND j.status = ${query.status}::"JobStatus"`}
           ${query.type === undefined ? Prisma.empty : Prisma.sql`AND j.type = ${query.type}::"JobType"`}
           ${query.after === undefined ? Prisma.empty : Prisma.sql`AND (j.created_at, j.id) < (${query.after.createdAt}::timestamptz, ${query.after.id}::uuid)`}
     ORDER BY j.created_at DESC, j.id DESC
     LIMIT ${query.limit}`,

  /** CREATED|IN_PROGRESS → FAILED with CANCELLED, for its owner only; the trigger announces it. */
  cancel: (id: string, ownerId: string, message: string): PrismaNamespace.Sql =>
    cancelWhere(Prisma.sql`id = ${id}::uuid AND owner_id = ${ownerId}::uuid`, message),

  /**
   * Takes an Idempotency-Key for a new job: a key past its window is taken over; a
   * live one is no row (the key is someone's already).
   */
  takeKey: (ownerId: string, key: string, requestHash: string, jobId: string): PrismaNamespace.Sql => Prisma.sql`
    INSERT INTO idempotency_keys (owner_id, key, request_hash, job_id)
    VALUES (${ownerId}::uuid, ${key}, ${requestHash}, ${jobId}::uuid)
    ON CONFLICT (owner_id, key) DO UPDATE
       SET request_hash = EXCLUDED.request_hash, job_id = EXCLUDED.job_id, created_at = now()
     WHERE idempotency_keys.created_at <= now() - ${IDEMPOTENCY_WINDOW}
    RETURNING job_id`,

  /** The request hash and job a live key names; no row when the key is free. */
  keyHolder: (ownerId: string, key: string): PrismaNamespace.Sql => Prisma.sql`
    SELECT request_hash AS "requestHash", job_id AS "jobId" FROM idempotency_keys
     WHERE owner_id = ${ownerId}::uuid AND key = ${key} AND created_at > now() - ${IDEMPOTENCY_WINDOW}`,
};
