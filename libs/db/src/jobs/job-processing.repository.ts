import {
  clientMessage,
  type FormatOptions,
  isJsonMediaType,
  type JobErrorCode,
  type JobResult,
  type JobType,
  type RenderedOutput,
} from '@docformat/contracts';
import type { StoredDocument } from '../documents/document-sql';
import type { PrismaClient } from '../prisma-client';
import { type CacheKey, jobProcessingSql } from './job-processing-sql';
import { type JobRow, type JobWithOutputs, UNFINISHED_STATUSES } from './job-row';

export type { CacheKey } from './job-processing-sql';

/** What the worker needs of a job it has just claimed. */
export interface ClaimedJob {
  id: string;
  ownerId: string;
  fileUrl: string;
  requestedFormats: string[];
  /** The client's conversion options; null for jobs stored before options existed. */
  options: FormatOptions | null;
  /** Including the attempt that is starting now. */
  attempts: number;
  /** Set when the document was uploaded: read it from the upload, not from `fileUrl`. */
  uploadId: string | null;
  /** The job asked for a webhook: once it ends, its delivery is to be queued. */
  hasWebhook: boolean;
  /** An extraction job reads the document into its tree and findings and renders no format up front. */
  type: JobType;
}

export interface CompletedConversion {
  pages: number;
  result: JobResult;
  /** Rendered document per format name: text bodies stored as text, JSON media types as JSON. */
  outputs: Record<string, RenderedOutput>;
  /** What it was made from and how, so later jobs of the same bytes can be served from it. */
  cacheKey?: CacheKey;
  /** The document tree (and an extraction job's findings), stored with COMPLETED. */
  document?: StoredDocument;
}

export interface JobError {
  code: JobErrorCode;
  message: string;
}

/** The column an output goes to: JSON media types as JSON (any value), the rest as text. */
function storedBody(output: RenderedOutput): { text: string | null; json: string | null } {
  if (isJsonMediaType(output.mediaType)) return { text: null, json: JSON.stringify(output.body) };
  if (typeof output.body !== 'string') throw new Error(`A ${output.mediaType} output must be a string`);
  return { text: output.body, json: null };
}

/**
 * Jobs as the worker runs them: claimed for an attempt, completed (converted or from
 * the result cache), failed, or kept for a retry; and read back for a delivery's webhook.
 * Every write changes the row only in the state it expects, so a job that reached a
 * terminal status meanwhile (cancelled, completed by another delivery) is never touched.
 */
export class JobProcessingRepository {
  constructor(private readonly prisma: PrismaClient) {}

  /**
   * CREATED|IN_PROGRESS → IN_PROGRESS and counts the attempt, in one statement, so a
   * row that reached a terminal status meanwhile is never touched. With
   * `maxAttempts`, only a job that has attempts left is claimed. Null when the row
   * is gone, terminal, or (with `maxAttempts`) out of attempts.
   */
  async claim(id: string, maxAttempts?: number): Promise<ClaimedJob | null> {
    const rows = await this.prisma.$queryRaw<ClaimedJob[]>(jobProcessingSql.claim(id, maxAttempts));
    return rows[0] ?? null;
  }

  /**
   * A queue delivery's claim (jobProcessingSql.claimUnlessSplit): the job and `split`
   * true when it was split across the fleet and is still running (no attempt counted),
   * or claimed for an attempt as by `claim`. Null as for `claim`.
   */
  async claimDelivery(id: string, maxAttempts: number): Promise<{ job: ClaimedJob; split: boolean } | null> {
    const rows = await this.prisma.$queryRaw<Array<ClaimedJob & { split: boolean }>>(jobProcessingSql.claimUnlessSplit(id, maxAttempts));
    const row = rows[0];
    if (!row) return null;
    const { split, ...job } = row;
    return { job, split };
  }

  /**
   * Writes every output and COMPLETED in one statement (so one transaction and one
   * round trip), only if the row is still IN_PROGRESS. The conditional UPDATE locks
   * the row, so a second delivery of the same job waits, then finds it COMPLETED
   * and writes nothing: the outputs are inserted only for a row this UPDATE changed.
   */
  async complete(id: string, done: CompletedConversion): Promise<boolean> {
    const outputs = Object.entries(done.outputs).map(([format, output]) => ({ format, ...storedBody(output) }));
    const rows = await this.prisma.$queryRaw<{ completed: number }[]>(
      jobProcessingSql.complete(id, done.pages, done.result, outputs, done.document, done.cacheKey),
    );
    return (rows[0]?.completed ?? 0) > 0;
  }

  /** The newest completed job with the same key: of `ownerId` when given, of any client otherwise (CACHE_SCOPE=global). */
  async findCached(key: CacheKey, ownerId?: string): Promise<string | null> {
    const rows = await this.prisma.$queryRaw<{ id: string }[]>(jobProcessingSql.findCached(key, ownerId));
    return rows[0]?.id ?? null;
  }

  /** Completes `id` with `sourceId`'s pages, result (marked cached) and outputs; false when either has moved on meanwhile. */
  async completeFromCache(id: string, sourceId: string, key: CacheKey): Promise<boolean> {
    const rows = await this.prisma.$queryRaw<{ completed: number }[]>(jobProcessingSql.completeFromCache(id, sourceId, key));
    return (rows[0]?.completed ?? 0) > 0;
  }

  /** → FAILED, unless the row is already terminal. */
  async fail(id: string, error: JobError): Promise<boolean> {
    const { count } = await this.prisma.job.updateMany({
      where: { id, status: { in: [...UNFINISHED_STATUSES] } },
      data: { status: 'FAILED', errorCode: error.code, errorMessage: clientMessage(error.message), completedAt: new Date() },
    });
    return count > 0;
  }

  /** Remembers why the last attempt failed while the job waits for its retry. */
  async recordRetryableError(id: string, error: JobError): Promise<boolean> {
    const { count } = await this.prisma.job.updateMany({
      where: { id, status: 'IN_PROGRESS' },
      data: { errorCode: error.code, errorMessage: clientMessage(error.message) },
    });
    return count > 0;
  }

  /**
   * While the job is IN_PROGRESS: `pages` pages to convert, `pagesDone` of them done.
   * Progress never goes down (a smaller `pagesDone`, from a retry or a part that reports
   * late, leaves it as it is), and a call that changes nothing writes nothing, so each
   * rise is announced once (`docformat_job_progress`, to long-polls that ask for it).
   */
  async recordProgress(jobId: string, pagesDone: number, pages: number): Promise<void> {
    await this.prisma.$executeRaw(jobProcessingSql.recordProgress(jobId, pagesDone, pages));
  }

  /** The job's row as it stands now: whether it is still the worker's to run. */
  findById(id: string): Promise<JobRow | null> {
    return this.prisma.job.findUnique({ where: { id } });
  }

  /** A job with its outputs and webhook state, whoever owns it (webhook deliveries). */
  async findWithOutputs(id: string): Promise<JobWithOutputs | null> {
    const rows = await this.prisma.$queryRaw<JobWithOutputs[]>(jobProcessingSql.findWithOutputs(id));
    return rows[0] ?? null;
  }
}
