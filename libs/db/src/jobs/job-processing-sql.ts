import type { Prisma as PrismaNamespace } from '../prisma-client';
import { Prisma } from '../prisma-client';
import { documentSql, type StoredDocument } from '../documents/document-sql';
import { HAS_WEBHOOK, jobWithOutputs } from './job-sql';

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

const CLAIMED_COLUMNS = Prisma.sql`id, owner_id AS "ownerId", file_url AS "fileUrl", requested_formats AS "requestedFormats", options, attempts,
           upload_id AS "uploadId", ${HAS_WEBHOOK('jobs')} AS "hasWebhook", type::text AS "type"`;

/**
 * CREATED|IN_PROGRESS → IN_PROGRESS with the attempt counted (within `maxAttempts` when
 * given, and `also` when given), returning what the attempt needs: both claims run it.
 */
function claimUpdate(id: string, maxAttempts?: number, also: PrismaNamespace.Sql = Prisma.empty): PrismaNamespace.Sql {
  return Prisma.sql`
    UPDATE jobs
       SET status = 'IN_PROGRESS',
           attempts = attempts + 1,
           started_at = COALESCE(started_at, now()),
           updated_at = now()
     WHERE id = ${id}::uuid AND status IN ('CREATED', 'IN_PROGRESS')
           ${maxAttempts === undefined ? Prisma.empty : Prisma.sql`AND attempts < ${maxAttempts}`} ${also}
 RETURNING ${CLAIMED_COLUMNS}`;
}

/**
 * The worker's statements as raw SQL: each write is one statement (one round trip,
 * one transaction) that changes the row only in the state it expects.
 */
export const jobProcessingSql = {
  /** The worker's first write: claims the job for an attempt, returning what the attempt needs. */
  claim: (id: string, maxAttempts?: number): PrismaNamespace.Sql => Prisma.sql`
    ${claimUpdate(id, maxAttempts)}`,

  /**
   * A queue delivery's claim: a job that was split across the fleet and is still running
   * is returned as it is (`split` true, no attempt counted: its entry comes back to queue
   * or assemble its ranges, each of which counts its own); any other job is claimed as
   * by `claim`. One statement, so a delivery costs one round trip before its work.
   */
  claimUnlessSplit: (id: string, maxAttempts: number): PrismaNamespace.Sql => Prisma.sql`
    WITH split AS (
      SELECT ${CLAIMED_COLUMNS}
        FROM jobs
       WHERE id = ${id}::uuid AND status = 'IN_PROGRESS' AND EXISTS (SELECT 1 FROM job_splits s WHERE s.job_id = jobs.id)
    ), claimed AS (
      ${claimUpdate(id, maxAttempts, Prisma.sql`AND NOT EXISTS (SELECT 1 FROM split)`)}
    )
    SELECT *, true AS split FROM split
     UNION ALL
    SELECT *, false AS split FROM claimed`,

  /** What a claim returns of a job (ClaimedJob), for other statements that read a job the same way. */
  claimedColumns: CLAIMED_COLUMNS,

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
    ), pictured AS (
      -- And its pictures, which the copied outputs link by number.
      INSERT INTO job_images (job_id, n, media_type, width, height, page, bytes)
      SELECT done.id, i.n, i.media_type, i.width, i.height, i.page, i.bytes FROM done, job_images i WHERE i.job_id = ${sourceId}::uuid
      ON CONFLICT (job_id, n) DO NOTHING
      RETURNING 1
    )
    SELECT (SELECT count(*) FROM done)::int AS completed`,

  /**
   * A running job's progress: `pages` to convert, of which at least `pagesDone` are done.
   * pages_done only rises (GREATEST, across retries too), and the row is written only
   * when it is IN_PROGRESS and something changes, so the trigger of 20261201000000_job_progress
   * announces real progress only.
   */
  recordProgress: (id: string, pagesDone: number, pages: number): PrismaNamespace.Sql => Prisma.sql`
    UPDATE jobs
       SET pages_total = ${pages}::int, pages_done = GREATEST(COALESCE(pages_done, 0), ${pagesDone}::int), updated_at = now()
     WHERE id = ${id}::uuid AND status = 'IN_PROGRESS'
           AND (pages_total IS DISTINCT FROM ${pages}::int OR pages_done IS DISTINCT FROM GREATEST(COALESCE(pages_done, 0), ${pagesDone}::int))`,

  /** A job's record by id alone, whoever owns it: what a webhook delivery sends of the job. */
  findWithOutputs: (id: string): PrismaNamespace.Sql => jobWithOutputs(Prisma.sql`j.id = ${id}::uuid`),
};
