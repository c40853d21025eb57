import type { Prisma as PrismaNamespace } from '../prisma-client';
import { Prisma } from '../prisma-client';
import { cancelWhere } from '../jobs/client-job-sql';
import { JOB_COLUMNS } from '../jobs/job-sql';

/** A batch's row with what its record shows: counts by status and its delivery. */
export interface BatchRow {
  id: string;
  ownerId: string;
  webhookUrl: string | null;
  total: number;
  unfinished: number;
  createdAt: Date;
  completedAt: Date | null;
  /** Status → jobs in it (statuses without jobs absent). */
  counts: Record<string, number>;
  webhookDelivery: {
    status: 'PENDING' | 'DELIVERED' | 'FAILED';
    attempts: number;
    lastError: string | null;
    deliveredAt: string | null;
  } | null;
}

/** One job as a batch's page lists it. */
export interface BatchJobRow {
  id: string;
  fileUrl: string;
  status: string;
  errorCode: string | null;
  batchIndex: number;
}

/** The jobs of a new batch: what they share, and one file (URL or upload) each, in order. */
export interface BatchJobsInsert {
  batchId: string;
  ownerId: string;
  type: string;
  requestedFormats: string[];
  options?: unknown;
  jobIds: string[];
  fileUrls: string[];
  /** Per file, the upload it converts (multipart), or null for a URL. */
  uploadIds: (string | null)[];
}

const BATCH_COLUMNS = Prisma.sql`b.id, b.owner_id AS "ownerId", b.webhook_url AS "webhookUrl", b.total, b.unfinished,
       b.created_at AS "createdAt", b.completed_at AS "completedAt",
       COALESCE((SELECT json_object_agg(c.status, c.n)
                   FROM (SELECT j.status::text AS status, count(*)::int AS n FROM jobs j WHERE j.batch_id = b.id GROUP BY j.status) c),
                '{}'::json) AS counts,
       (SELECT json_build_object('status', d.status, 'attempts', d.attempts, 'lastError', d.last_error, 'deliveredAt', d.delivered_at)
          FROM webhook_deliveries d WHERE d.batch_id = b.id) AS "webhookDelivery"`;

/** The batches' statements: each one round trip, the jobs of a batch written by one INSERT. */
export const batchSql = {
  insertBatch: (batch: { id: string; ownerId: string; webhookUrl?: string; total: number }): PrismaNamespace.Sql => Prisma.sql`
    INSERT INTO batches (id, owner_id, webhook_url, total, unfinished)
    VALUES (${batch.id}::uuid, ${batch.ownerId}::uuid, ${batch.webhookUrl ?? null}, ${batch.total}, ${batch.total})`,

  /** Every job of the batch in one statement (unnest keeps the files' order as batch_index). */
  insertJobs: (jobs: BatchJobsInsert): PrismaNamespace.Sql => Prisma.sql`
    INSERT INTO jobs AS j (id, owner_id, type, file_url, requested_formats, options, upload_id, batch_id, batch_index)
    SELECT f.id, ${jobs.ownerId}::uuid, ${jobs.type}::"JobType", f.url, ${jobs.requestedFormats}::text[],
           ${jobs.options === undefined ? null : JSON.stringify(jobs.options)}::jsonb, f.upload, ${jobs.batchId}::uuid, f.idx - 1
      FROM unnest(${jobs.jobIds}::uuid[], ${jobs.fileUrls}::text[], ${jobs.uploadIds}::uuid[]) WITH ORDINALITY AS f(id, url, upload, idx)
    RETURNING ${JOB_COLUMNS('j')}`,

  findForOwner: (id: string, ownerId: string): PrismaNamespace.Sql => Prisma.sql`
    SELECT ${BATCH_COLUMNS} FROM batches b WHERE b.id = ${id}::uuid AND b.owner_id = ${ownerId}::uuid`,

  /** Any owner's batch: the webhook sender reads it. */
  find: (id: string): PrismaNamespace.Sql => Prisma.sql`SELECT ${BATCH_COLUMNS} FROM batches b WHERE b.id = ${id}::uuid`,

  /** Jobs after position `after` (-1: from the start), in the files' order; one more than `limit` says there is a next page. */
  jobsPage: (id: string, after: number, limit: number): PrismaNamespace.Sql => Prisma.sql`
    SELECT id, file_url AS "fileUrl", status::text AS status, error_code AS "errorCode", batch_index AS "batchIndex"
      FROM jobs WHERE batch_id = ${id}::uuid AND batch_index > ${after}
     ORDER BY batch_index LIMIT ${limit + 1}`,

  cancel: (id: string, ownerId: string, message: string): PrismaNamespace.Sql =>
    cancelWhere(Prisma.sql`batch_id = ${id}::uuid AND owner_id = ${ownerId}::uuid`, message),

  /**
   * Locks the owner's batch's jobs before the batch is deleted: a worker ending a job locks
   * the job, then (by trigger) its batch, so the delete takes them in that order too; the
   * batch first and its jobs by cascade would deadlock with it.
   */
  lockJobs: (id: string, ownerId: string): PrismaNamespace.Sql => Prisma.sql`
    SELECT id, status::text AS status FROM jobs
     WHERE batch_id = ${id}::uuid AND owner_id = ${ownerId}::uuid ORDER BY id FOR UPDATE`,

  delete: (id: string, ownerId: string): PrismaNamespace.Sql => Prisma.sql`
    DELETE FROM batches WHERE id = ${id}::uuid AND owner_id = ${ownerId}::uuid RETURNING id`,
};
