import type { Prisma as PrismaNamespace } from '../prisma-client';
import { Prisma } from '../prisma-client';

/** A drawn page as it is cached. */
export interface PageImage {
  jobId: string;
  /** Page, dpi and image format, canonical (page-request.ts in the API). */
  key: string;
  mediaType: string;
  body: Buffer;
  renderMs: number;
}

export const sourceSql = {
  /**
   * What GET /job/{id}/pages/{n} needs to know of a job before it reads any bytes: its
   * state, the source type its result names, and whether the source is kept.
   */
  pageSource: (id: string, ownerId: string): PrismaNamespace.Sql => Prisma.sql`
    SELECT j.status::text AS status, j.result->>'mimeType' AS "resultMimeType",
           s.mime_type AS "keptMimeType", s.sha256
      FROM jobs j LEFT JOIN job_sources s ON s.job_id = j.id
     WHERE j.id = ${id}::uuid AND j.owner_id = ${ownerId}::uuid`,

  /** A job deleted meanwhile keeps nothing; a second attempt replaces the first's bytes. */
  keep: (jobId: string, mimeType: string, bytes: Buffer, sha256: string): PrismaNamespace.Sql => Prisma.sql`
    INSERT INTO job_sources (job_id, mime_type, bytes, sha256)
    SELECT j.id, ${mimeType}, ${bytes}, ${sha256} FROM jobs j WHERE j.id = ${jobId}::uuid
    ON CONFLICT (job_id) DO UPDATE SET mime_type = EXCLUDED.mime_type, bytes = EXCLUDED.bytes, sha256 = EXCLUDED.sha256`,

  bytes: (jobId: string): PrismaNamespace.Sql => Prisma.sql`SELECT s.bytes FROM job_sources s WHERE s.job_id = ${jobId}::uuid`,

  pageImage: (jobId: string, key: string): PrismaNamespace.Sql => Prisma.sql`
    SELECT p.media_type AS "mediaType", p.body FROM job_page_images p WHERE p.job_id = ${jobId}::uuid AND p.key = ${key}`,

  /** As saveRendition: stores the image and keeps the job's `keep` newest (the DELETE sees the rows from before the INSERT). */
  savePageImage: (image: PageImage, keep: number): PrismaNamespace.Sql => Prisma.sql`
    WITH saved AS (
      INSERT INTO job_page_images (job_id, key, media_type, body, render_ms)
      SELECT j.id, ${image.key}, ${image.mediaType}, ${image.body}, ${image.renderMs} FROM jobs j WHERE j.id = ${image.jobId}::uuid
      ON CONFLICT (job_id, key) DO NOTHING
      RETURNING key
    )
    DELETE FROM job_page_images p
     WHERE p.job_id = ${image.jobId}::uuid AND EXISTS (SELECT 1 FROM saved)
       AND p.key IN (SELECT o.key FROM job_page_images o WHERE o.job_id = ${image.jobId}::uuid
                      ORDER BY o.created_at DESC, o.key OFFSET ${Math.max(0, keep - 1)})`,
};
