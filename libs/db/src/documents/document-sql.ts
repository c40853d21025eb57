import type { DocumentImage } from '@docformat/contracts';
import type { Prisma as PrismaNamespace } from '../prisma-client';
import { Prisma } from '../prisma-client';

/** A job's document as the worker stores it: JSON texts, made in the conversion thread. */
export interface StoredDocument {
  /** STORED_DOCUMENT_VERSION of the converters that wrote it. */
  version: number;
  tree: string;
  /** An extraction job's findings (Extraction); null for format jobs. */
  extraction: string | null;
  /** The pictures the conversion kept (job_images). */
  images?: StoredImage[];
}

/** A picture a job keeps, by its number in the outputs. */
export type StoredImage = DocumentImage;

/** A stored picture's facts, without its bytes. */
export type StoredImageInfo = Omit<StoredImage, 'bytes'> & { byteLength: number };

/** What GET /job/{id}/formats/{name} needs to know of a job before it reads any body. */
export interface RenderSource {
  status: string;
  type: string;
  options: unknown;
  requestedFormats: string[];
  /** The stored tree's version; null when the job has none (it completed before trees were stored). */
  treeVersion: number | null;
}

/** A body as stored: a text output's text, or a JSON output's JSON text. */
export interface StoredBody {
  text: string | null;
  json: string | null;
}

/**
 * The pictures, in the same statement: base64 texts decoded by Postgres, since one
 * array parameter of texts crosses the driver as plainly as the outputs do.
 */
function imagesWithCompletion(images: readonly StoredImage[]): PrismaNamespace.Sql {
  if (images.length === 0) return Prisma.empty;
  return Prisma.sql`, pictures AS (
      DELETE FROM job_images WHERE job_id IN (SELECT id FROM done) RETURNING 1
    ), pictured AS (
      INSERT INTO job_images (job_id, n, media_type, width, height, page, bytes)
      SELECT done.id, i.n, i.media_type, i.width, i.height, i.page, decode(i.data, 'base64')
        FROM done, unnest(${images.map((i) => i.n)}::int[], ${images.map((i) => i.mediaType)}::text[], ${images.map((i) => i.width)}::int[],
                          ${images.map((i) => i.height)}::int[], ${images.map((i) => i.page ?? null)}::int[],
                          ${images.map((i) => Buffer.from(i.bytes.buffer, i.bytes.byteOffset, i.bytes.byteLength).toString('base64'))}::text[])
             AS i(n, media_type, width, height, page, data)
      ON CONFLICT (job_id, n) DO UPDATE SET media_type = EXCLUDED.media_type, width = EXCLUDED.width, height = EXCLUDED.height,
                                            page = EXCLUDED.page, bytes = EXCLUDED.bytes, created_at = now()
      RETURNING 1
    )`;
}

export const documentSql = {
  /**
   * A CTE to append to jobProcessingSql.complete's: the tree goes in with COMPLETED, in the same
   * statement, and only for a job that statement completed (`done`). A job completed
   * again (set back to IN_PROGRESS by hand, as the sweep's tests do) gets its new tree.
   */
  storeWithCompletion: (document: StoredDocument | undefined): PrismaNamespace.Sql =>
    document === undefined
      ? Prisma.empty
      : Prisma.sql`, kept AS (
      INSERT INTO job_documents (job_id, version, tree, extraction)
      SELECT done.id, ${document.version}, ${document.tree}::jsonb, ${document.extraction}::jsonb FROM done
      ON CONFLICT (job_id) DO UPDATE SET version = EXCLUDED.version, tree = EXCLUDED.tree, extraction = EXCLUDED.extraction, created_at = now()
      RETURNING 1
    )${imagesWithCompletion(document.images ?? [])}`,

  /** An extraction job's findings as a column of the job's record (null for other jobs). */
  extractionColumn: (alias: string): PrismaNamespace.Sql =>
    Prisma.raw(
      `CASE WHEN ${alias}.type = 'extraction' AND ${alias}.status = 'COMPLETED'
            THEN (SELECT d.extraction FROM job_documents d WHERE d.job_id = ${alias}.id) END AS "extraction"`,
    ),

  renderSource: (id: string, ownerId: string): PrismaNamespace.Sql => Prisma.sql`
    SELECT j.status::text AS status, j.type::text AS type, j.options, j.requested_formats AS "requestedFormats",
           (SELECT d.version FROM job_documents d WHERE d.job_id = j.id) AS "treeVersion"
      FROM jobs j
     WHERE j.id = ${id}::uuid AND j.owner_id = ${ownerId}::uuid`,

  /** JSON as text, so the API sends it without parsing it on its event loop. */
  storedOutput: (id: string, format: string): PrismaNamespace.Sql => Prisma.sql`
    SELECT o.content AS text, o.json::text AS json FROM job_outputs o WHERE o.job_id = ${id}::uuid AND o.format = ${format}`,

  rendition: (id: string, key: string): PrismaNamespace.Sql => Prisma.sql`
    SELECT r.body FROM job_renditions r WHERE r.job_id = ${id}::uuid AND r.key = ${key}`,

  /** One stored picture of a job of `ownerId` (any client's without it: a signed URL, checked by the caller). */
  image: (id: string, n: number): PrismaNamespace.Sql => Prisma.sql`
    SELECT i.media_type AS "mediaType", i.width, i.height, i.page, i.bytes FROM job_images i WHERE i.job_id = ${id}::uuid AND i.n = ${n}`,

  /** A job's pictures without their bytes. */
  imageList: (id: string): PrismaNamespace.Sql => Prisma.sql`
    SELECT i.n, i.media_type AS "mediaType", i.width, i.height, i.page, octet_length(i.bytes)::int AS "byteLength"
      FROM job_images i WHERE i.job_id = ${id}::uuid ORDER BY i.n`,

  /** The pictures within `maxBytes`, with their bytes, for data: URIs. */
  smallImages: (id: string, maxBytes: number): PrismaNamespace.Sql => Prisma.sql`
    SELECT i.n, i.media_type AS "mediaType", i.width, i.height, i.page, i.bytes
      FROM job_images i WHERE i.job_id = ${id}::uuid AND octet_length(i.bytes) <= ${maxBytes} ORDER BY i.n`,

  /** The tree as text: parsed in a rendering thread, never on the API's event loop. */
  tree: (id: string): PrismaNamespace.Sql => Prisma.sql`
    SELECT d.version, d.tree::text AS tree FROM job_documents d WHERE d.job_id = ${id}::uuid`,

  /**
   * Stores a rendition and keeps the job's `keep` most recent ones: the DELETE sees the
   * rows from before the INSERT, so it drops all but the newest keep − 1 of those.
   * A rendition stored meanwhile by another request is left as it is.
   */
  saveRendition: (
    rendition: { jobId: string; key: string; format: string; body: string; renderMs: number },
    keep: number,
  ): PrismaNamespace.Sql => Prisma.sql`
    WITH saved AS (
      INSERT INTO job_renditions (job_id, key, format, body, render_ms)
      SELECT j.id, ${rendition.key}, ${rendition.format}, ${rendition.body}, ${rendition.renderMs} FROM jobs j WHERE j.id = ${rendition.jobId}::uuid
      ON CONFLICT (job_id, key) DO NOTHING
      RETURNING key
    )
    DELETE FROM job_renditions r
     WHERE r.job_id = ${rendition.jobId}::uuid AND EXISTS (SELECT 1 FROM saved)
       AND r.key IN (SELECT o.key FROM job_renditions o WHERE o.job_id = ${rendition.jobId}::uuid
                      ORDER BY o.created_at DESC, o.key OFFSET ${Math.max(0, keep - 1)})`,
};
