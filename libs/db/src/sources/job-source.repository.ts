import type { PrismaClient } from '../prisma-client';
import { type PageImage, sourceSql } from './job-source-sql';

export type { PageImage } from './job-source-sql';

/** A job as GET /job/{id}/pages/{n} first sees it. */
export interface PageSource {
  status: string;
  /** The source type the completed job's result names; null before it completed. */
  resultMimeType: string | null;
  /** The kept source's type, null when no source is kept. */
  keptMimeType: string | null;
  sha256: string | null;
}

/** Drawn pages a job keeps: its most recent ones, so query parameters cannot fill the database. */
export const PAGE_IMAGES_PER_JOB = 32;

/**
 * Jobs' kept sources (the bytes that were converted) and the page images drawn from
 * them. The worker keeps a source once it has it (downloaded or read from the upload);
 * the API reads it to draw pages; both go with the job.
 */
export class JobSourceRepository {
  constructor(private readonly prisma: PrismaClient) {}

  async keep(jobId: string, mimeType: string, bytes: Buffer, sha256: string): Promise<void> {
    await this.prisma.$executeRaw(sourceSql.keep(jobId, mimeType, bytes, sha256));
  }

  /** Null for an unknown id or another client's job. */
  async pageSource(id: string, ownerId: string): Promise<PageSource | null> {
    const rows = await this.prisma.$queryRaw<PageSource[]>(sourceSql.pageSource(id, ownerId));
    return rows[0] ?? null;
  }

  async bytes(jobId: string): Promise<Buffer | null> {
    const rows = await this.prisma.$queryRaw<{ bytes: Uint8Array }[]>(sourceSql.bytes(jobId));
    const bytes = rows[0]?.bytes;
    return bytes ? Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) : null;
  }

  async pageImage(jobId: string, key: string): Promise<{ mediaType: string; body: Buffer } | null> {
    const rows = await this.prisma.$queryRaw<{ mediaType: string; body: Uint8Array }[]>(sourceSql.pageImage(jobId, key));
    const row = rows[0];
    return row ? { mediaType: row.mediaType, body: Buffer.from(row.body.buffer, row.body.byteOffset, row.body.byteLength) } : null;
  }

  /** Caches a drawn page (a job deleted meanwhile stores nothing), keeping the job's PAGE_IMAGES_PER_JOB newest. */
  async savePageImage(image: PageImage, keep = PAGE_IMAGES_PER_JOB): Promise<void> {
    await this.prisma.$executeRaw(sourceSql.savePageImage(image, keep));
  }
}
