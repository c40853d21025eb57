import { createHash } from 'node:crypto';
import type { PrismaClient } from '../prisma-client';

/** What a worker needs of an upload to convert it. */
export interface StoredUpload {
  bytes: Buffer;
  fileName: string;
  contentType: string | null;
  sha256: string;
}

export interface NewUpload {
  id: string;
  ownerId: string;
  fileName: string;
  contentType: string | null;
}

/** Largest chunk stored as one row: big enough for few round trips, small enough to hold only one at a time. */
export const UPLOAD_CHUNK_BYTES = 1024 * 1024;

/**
 * Uploaded documents in Postgres (bytea, in chunks), readable by every worker. The
 * API writes an upload as it streams in (`begin`, `append` in order, `finish`); the
 * worker reads it whole; the job's end deletes it (a trigger); the sweep deletes
 * uploads that never became a job.
 */
export class UploadRepository {
  constructor(private readonly prisma: PrismaClient) {}

  async begin(upload: NewUpload): Promise<void> {
    await this.prisma.upload.create({ data: upload });
  }

  async append(uploadId: string, seq: number, data: Buffer): Promise<void> {
    await this.prisma.$executeRaw`INSERT INTO upload_chunks (upload_id, seq, data) VALUES (${uploadId}::uuid, ${seq}, ${data})`;
  }

  async finish(uploadId: string, bytes: number, sha256: string): Promise<void> {
    await this.prisma.upload.update({ where: { id: uploadId }, data: { bytes: BigInt(bytes), sha256, complete: true } });
  }

  async delete(uploadId: string): Promise<void> {
    await this.prisma.upload.deleteMany({ where: { id: uploadId } });
  }

  /** The whole upload, or null when it is gone or was never completed. The checksum is verified. */
  async read(uploadId: string): Promise<StoredUpload | null> {
    const upload = await this.prisma.upload.findUnique({ where: { id: uploadId } });
    if (!upload?.complete || !upload.sha256) return null;
    const chunks = await this.prisma.$queryRaw<
      { data: Uint8Array }[]
    >`SELECT data FROM upload_chunks WHERE upload_id = ${uploadId}::uuid ORDER BY seq`;
    const bytes = Buffer.concat(chunks.map((chunk) => Buffer.from(chunk.data.buffer, chunk.data.byteOffset, chunk.data.byteLength)));
    if (bytes.length !== Number(upload.bytes) || createHash('sha256').update(bytes).digest('hex') !== upload.sha256) {
      throw new Error(`The stored upload ${uploadId} does not match its recorded size and checksum`);
    }
    return { bytes, fileName: upload.fileName, contentType: upload.contentType, sha256: upload.sha256 };
  }

  /** Deletes uploads older than `before` that no job points at (abandoned or refused requests); returns how many. */
  async deleteAbandoned(before: Date): Promise<number> {
    return this.prisma.$executeRaw`
      DELETE FROM uploads u
       WHERE u.created_at < ${before}
         AND NOT EXISTS (SELECT 1 FROM jobs j WHERE j.upload_id = u.id)`;
  }
}
