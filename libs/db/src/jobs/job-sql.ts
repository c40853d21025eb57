import type { Prisma as PrismaNamespace } from '../prisma-client';
import { Prisma } from '../prisma-client';
import { documentSql, type StoredDocument } from '../documents/document-sql';

/**
 * Every column of `jobs`, named as the Prisma model names its fields, so a raw row
 * is the same `Job` object Prisma's own queries return (uuid and text as strings,
 * timestamptz as Date, jsonb parsed, text[] as string[]).
 */
const JOB_COLUMNS = (alias: string): PrismaNamespace.Sql =>
  Prisma.raw(
    [
      'id',
      'owner_id AS "ownerId"',
      'type::text AS "type"',
      'status::text AS "status"',
      'file_url AS "fileUrl"',
      'requested_formats AS "requestedFormats"',
      'options',
      'pages',
      'attempts',
      'result',
      'error_code AS "errorCode"',
      'error_message AS "errorMessage"',
      'created_at AS "createdAt"',
      'updated_at AS "updatedAt"',
      'started_at AS "startedAt"',
      'completed_at AS "completedAt"',
      'upload_id AS "uploadId"',
      'webhook_url AS "webhookUrl"',
      'source_sha256 AS "sourceSha256"',
      'conversion_key AS "conversionKey"',
    ]
      .map((column) => `${alias}.${column}`)
      .join(', '),
  );

/** The job's webhook delivery as JSON (null without one), for the record's `webhook`. */
const WEBHOOK_DELIVERY = (alias: string): PrismaNamespace.Sql =>
  Prisma.raw(
    `(SELECT json_build_object('status', d.status, 'attempts', d.attempts, 'lastError', d.last_error, 'deliveredAt', d.delivered_at)
        FROM webhook_deliveries d WHERE d.job_id = ${alias}.id) AS "webhookDelivery"`,
  );

/** One output as stored: its text, or its JSON (serialized), the other null. */
export interface StoredOutput {
  format: string;
  text: string | null;
  json: string | null;
}

/** What the result cache matches on: the same bytes, converted the same way. */
export interface CacheKey {
  sourceSha256: string;
  /** Formats, options and converter version as one canonical string. */
  conversionKey: string;
}

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
 * The hot statements as raw SQL: one round trip each, and none of the query
 * planning Prisma's interpreter does per call (a fifth of the API's CPU under
 * load when they went through `job.create` / `job.findFirst`).
 */
export const jobSql = {
  insert: (job: JobInsert): PrismaNamespace.Sql => Prisma.sql`
    INSERT INTO jobs AS j (id, owner_id, type, file_url, requested_formats, options, upload_id, webhook_url)
    VALUES (${job.id}::uuid, ${job.ownerId}::uuid, ${job.type}::"JobType", ${job.fileUrl},
            ${job.requestedFormats}::text[], ${job.options === undefined ? null : JSON.stringify(job.options)}::jsonb,
            ${job.uploadId ?? null}::uuid, ${job.webhookUrl ?? null})
    RETURNING ${JOB_COLUMNS('j')}`,

  /** The job and its outputs in one statement; another owner's job is no row. */
  findForOwner: (id: string, ownerId: string): PrismaNamespace.Sql => Prisma.sql`
    SELECT ${JOB_COLUMNS('j')},
           COALESCE((SELECT json_agg(json_build_object('format', o.format, 'content', o.content, 'json', o.json))
                       FROM job_outputs o WHERE o.job_id = j.id), '[]'::json) AS outputs,
           ${WEBHOOK_DELIVERY('j')}, ${documentSql.extractionColumn('j')}
      FROM jobs j
     WHERE j.id = ${id}::uuid AND j.owner_id = ${ownerId}::uuid`,

  /** The same, by id alone: what a webhook delivery sends of the job. */
  findWithOutputs: (id: string): PrismaNamespace.Sql => Prisma.sql`
    SELECT ${JOB_COLUMNS('j')},
           COALESCE((SELECT json_agg(json_build_object('format', o.format, 'content', o.content, 'json', o.json))
                       FROM job_outputs o WHERE o.job_id = j.id), '[]'::json) AS outputs,
           ${WEBHOOK_DELIVERY('j')}, ${documentSql.extractionColumn('j')}
      FROM jobs j
     WHERE j.id = ${id}::uuid`,

  /**
   * The worker's last write: COMPLETED and the outputs, in one statement (data-
   * modifying CTEs run once, as one transaction). `completed` is 1 when this
   * statement moved the job out of IN_PROGRESS, else 0 and nothing was written. The
   * document tree, when given, goes in with them (documentSql.storeWithCompletion).
   */
  complete: (
    id: string,
    pages: number,
    result: unknown,
    outputs: StoredOutput[],
    document?: StoredDocument,
    cacheKey?: CacheKey,
  ): PrismaNamespace.Sql => Prisma.sql`
    WITH done AS (
      UPDATE jobs
         SET status = 'COMPLETED', pages = ${pages}, result = ${JSON.stringify(result)}::jsonb,
             error_code = NULL, error_message = NULL, completed_at = now(), updated_at = now(),
             source_sha256 = ${cacheKey?.sourceSha256 ?? null}, conversion_key = ${cacheKey?.conversionKey ?? null}
       WHERE id = ${id}::uuid AND status = 'IN_PROGRESS'
   RETURNING id
    ), stored AS (
      INSERT INTO job_outputs (job_id, format, content, json)
      SELECT done.id, o.format, o.content, o.json
        FROM done, unnest(${outputs.map((o) => o.format)}::text[], ${outputs.map((o) => o.text)}::text[], ${outputs.map((o) => o.json)}::jsonb[])
             AS o(format, content, json)
      RETURNING 1
    )${documentSql.storeWithCompletion(document)}
    SELECT (SELECT count(*) FROM done)::int AS completed`,

  /** The newest completed job of the same bytes converted the same way (of `ownerId`'s jobs, or anyone's without it). */
  findCached: (key: CacheKey, ownerId?: string): PrismaNamespace.Sql => Prisma.sql`
    SELECT j.id
      FROM jobs j
     WHERE j.status = 'COMPLETED' AND j.source_sha256 = ${key.sourceSha256} AND j.conversion_key = ${key.conversionKey}
           ${ownerId === undefined ? Prisma.empty : Prisma.sql`AND j.owner_id = ${ownerId}::uuid`}
     ORDER BY j.completed_at DESC
     LIMIT 1`,

  /**
   * Completes a job from a cached conversion: the source job's pages, result (marked
   * cached), outputs and document tree, copied in one statement, only if this job is still
   * IN_PROGRESS and the source still there and COMPLETED.
   */
  completeFromCache: (id: string, sourceId: string, key: CacheKey): PrismaNamespace.Sql => Prisma.sql`
    WITH src AS (
      SELECT s.id, s.pages, s.result FROM jobs s WHERE s.id = ${sourceId}::uuid AND s.status = 'COMPLETED'
    ), done AS (
      UPDATE jobs
         SET status = 'COMPLETED', pages = src.pages, result = src.result || '{"cached": true}'::jsonb,
             error_code = NULL, error_message = NULL, completed_at = now(), updated_at = now(),
             source_sha256 = ${key.sourceSha256}, conversion_key = ${key.conversionKey}
        FROM src
       WHERE jobs.id = ${id}::uuid AND jobs.status = 'IN_PROGRESS'
   RETURNING jobs.id
    ), stored AS (
      INSERT INTO job_outputs (job_id, format, content, json)
      SELECT done.id, o.format, o.content, o.json FROM done, job_outputs o WHERE o.job_id = ${sourceId}::uuid
      RETURNING 1
    ), kept AS (
      -- The tree too, so other formats can be rendered from this job as from the source.
      INSERT INTO job_documents (job_id, version, tree, extraction)
      SELECT done.id, d.version, d.tree, d.extraction FROM done, job_documents d WHERE d.job_id = ${sourceId}::uuid
      ON CONFLICT (job_id) DO NOTHING
      RETURNING 1
    )
    SELECT (SELECT count(*) FROM done)::int AS completed`,

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
  cancel: (id: string, ownerId: string, message: string): PrismaNamespace.Sql => Prisma.sql`
    UPDATE jobs
       SET status = 'FAILED', error_code = 'CANCELLED', error_message = ${message},
           completed_at = now(), updated_at = now()
     WHERE id = ${id}::uuid AND owner_id = ${ownerId}::uuid AND status IN ('CREATED', 'IN_PROGRESS')
 RETURNING id`,

  /** The worker's first write: claims the job for an attempt, returning what the attempt needs. */
  claim: (id: string, maxAttempts?: number): PrismaNamespace.Sql => Prisma.sql`
    UPDATE jobs
       SET status = 'IN_PROGRESS',
           attempts = attempts + 1,
           started_at = COALESCE(started_at, now()),
           updated_at = now()
     WHERE id = ${id}::uuid AND status IN ('CREATED', 'IN_PROGRESS')
           ${maxAttempts === undefined ? Prisma.empty : Prisma.sql`AND attempts < ${maxAttempts}`}
 RETURNING id, owner_id AS "ownerId", file_url AS "fileUrl", requested_formats AS "requestedFormats", options, attempts, upload_id AS "uploadId",
           webhook_url IS NOT NULL AS "hasWebhook", type::text AS "type"`,
};
