import type { PrismaClient } from '../prisma-client';
import { documentSql, type RenderSource, type StoredBody, type StoredImage, type StoredImageInfo } from './document-sql';

/** A format rendered from a stored tree, as it is cached. */
export interface Rendition {
  jobId: string;
  /** The format and its options in force, canonical (render-key.ts in the API). */
  key: string;
  format: string;
  body: string;
  renderMs: number;
}

/**
 * Renditions a job keeps: one per format and set of options asked for, the most
 * recent ones. Bounds what one job can store through query parameters (chunk sizes
 * alone have thousands of values); an evicted one is rendered again when asked.
 */
export const RENDITIONS_PER_JOB = 16;

/** The stored documents of jobs and what is rendered from them (GET /job/{id}/formats/{name}). */
export class JobDocumentRepository {
  constructor(private readonly prisma: PrismaClient) {}

  /** The job's state and whether it has a tree; null for an unknown id or another client's job. */
  async renderSource(id: string, ownerId: string): Promise<RenderSource | null> {
    const rows = await this.prisma.$queryRaw<RenderSource[]>(documentSql.renderSource(id, ownerId));
    return rows[0] ?? null;
  }

  async storedOutput(id: string, format: string): Promise<StoredBody | null> {
    const rows = await this.prisma.$queryRaw<StoredBody[]>(documentSql.storedOutput(id, format));
    return rows[0] ?? null;
  }

  async rendition(id: string, key: string): Promise<string | null> {
    const rows = await this.prisma.$queryRaw<{ body: string }[]>(documentSql.rendition(id, key));
    return rows[0]?.body ?? null;
  }

  async tree(id: string): Promise<{ version: number; tree: string } | null> {
    const rows = await this.prisma.$queryRaw<{ version: number; tree: string }[]>(documentSql.tree(id));
    return rows[0] ?? null;
  }

  /** One of the job's pictures; null when it has no such picture (or is gone). */
  async image(id: string, n: number): Promise<Omit<StoredImage, 'n'> | null> {
    const rows = await this.prisma.$queryRaw<Array<Omit<StoredImage, 'n'> & { page: number | null }>>(documentSql.image(id, n));
    const row = rows[0];
    return row
      ? {
          mediaType: row.mediaType,
          width: row.width,
          height: row.height,
          ...(row.page !== null ? { page: row.page } : {}),
          bytes: row.bytes,
        }
      : null;
  }

  /** The job's pictures, without bytes, by number. */
  async imageList(id: string): Promise<StoredImageInfo[]> {
    return this.prisma.$queryRaw<StoredImageInfo[]>(documentSql.imageList(id));
  }

  /** The job's pictures of at most `maxBytes`, with their bytes (format.images embedded). */
  async smallImages(id: string, maxBytes: number): Promise<StoredImage[]> {
    return this.prisma.$queryRaw<StoredImage[]>(documentSql.smallImages(id, maxBytes));
  }

  /** Whose job it is: what a signed image URL is checked against (the owner's webhook secret signs it). */
  async owner(id: string): Promise<string | null> {
    const job = await this.prisma.job.findUnique({ where: { id }, select: { ownerId: true } });
    return job?.ownerId ?? null;
  }

  /** Caches a rendition (a job deleted meanwhile stores nothing), keeping the job's RENDITIONS_PER_JOB newest. */
  async saveRendition(rendition: Rendition, keep = RENDITIONS_PER_JOB): Promise<void> {
    await this.prisma.$executeRaw(documentSql.saveRendition(rendition, keep));
  }
}
