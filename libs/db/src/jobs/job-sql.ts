import type { Prisma as PrismaNamespace } from '../prisma-client';
import { Prisma } from '../prisma-client';
import { documentSql } from '../documents/document-sql';

/**
 * Every column of `jobs`, named as the Prisma model names its fields, so a raw row
 * is the same `Job` object Prisma's own queries return (uuid and text as strings,
 * timestamptz as Date, jsonb parsed, text[] as string[]).
 */
export const JOB_COLUMNS = (alias: string): PrismaNamespace.Sql =>
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
      'pages_total AS "pagesTotal"',
      'pages_done AS "pagesDone"',
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
      'batch_id AS "batchId"',
      'batch_index AS "batchIndex"',
    ]
      .map((column) => `${alias}.${column}`)
      .join(', '),
  );

/**
 * Whether the job's end may owe a delivery: its own webhook, or its batch's (made when
 * the batch's last job ends). The worker queues deliveries only then.
 */
export const HAS_WEBHOOK = (alias: string): PrismaNamespace.Sql =>
  Prisma.raw(
    `(${alias}.webhook_url IS NOT NULL OR EXISTS (SELECT 1 FROM batches b WHERE b.id = ${alias}.batch_id AND b.webhook_url IS NOT NULL))`,
  );

/** The job's webhook delivery as JSON (null without one), for the record's `webhook`. */
export const WEBHOOK_DELIVERY = (alias: string): PrismaNamespace.Sql =>
  Prisma.raw(
    `(SELECT json_build_object('status', d.status, 'attempts', d.attempts, 'lastError', d.last_error, 'deliveredAt', d.delivered_at)
        FROM webhook_deliveries d WHERE d.job_id = ${alias}.id) AS "webhookDelivery"`,
  );

/**
 * A job and everything its record shows (outputs, webhook delivery, an extraction's
 * findings) in one statement: for its owner's poll, and for the webhook that sends it.
 */
export const jobWithOutputs = (where: PrismaNamespace.Sql): PrismaNamespace.Sql => Prisma.sql`
    SELECT ${JOB_COLUMNS('j')},
           COALESCE((SELECT json_agg(json_build_object('format', o.format, 'content', o.content, 'json', o.json))
                       FROM job_outputs o WHERE o.job_id = j.id), '[]'::json) AS outputs,
           ${WEBHOOK_DELIVERY('j')}, ${documentSql.extractionColumn('j')}
      FROM jobs j
     WHERE ${where}`;

/** How long an Idempotency-Key keeps naming its job: the API honours it, the sweep deletes it after. */
export const IDEMPOTENCY_WINDOW = Prisma.raw("interval '24 hours'");
