import type { AppConfig } from '@docformat/config';
import { JobFailure } from '@docformat/contracts';
import type { ClaimedJob, CompletedConversion, JobEvent, JobEvents, JobProcessingRepository, JobRow } from '@docformat/db';
import { Prisma } from '@docformat/db';
import { sampleValue, WorkerMetrics } from '@docformat/metrics';
import { Logger } from '@nestjs/common';
import { Registry } from 'prom-client';
import type { ConversionPool } from '../conversion/conversion-pool';
import type { ConversionTaskSuccess } from '../conversion/conversion-task.types';
import { InterruptedError } from '../shutdown/interrupted.error';
import { ShutdownSignal } from '../shutdown/shutdown-signal';
import type { DocumentFetcher, DownloadedDocument } from './document-fetcher';
import { DatabaseUnavailableError, RetryableJobError } from './failure-policy';
import { JobCancellations } from './job-cancellations';
import { CONVERTER_VERSION } from '@docformat/converters/names';
import type { WebhookDispatch } from '@docformat/infra';
import type { JobQueue } from '@docformat/queue';
import { JobOutcomes } from './job-outcomes';
import { JobProgress } from './job-progress';
import { ProcessJobUseCase } from './process-job.usecase';
import type { SplitParent } from './split/split-parent';
import type { SourceKeeper } from './source-keeper';

const ID = '6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f';
const config = {
  JOB_MAX_ATTEMPTS: 3,
  MAX_PAGES: 50,
  OCR_THREADS: 2,
  IMAGE_MAX_BYTES: 1000,
  IMAGE_MAX_JOB_BYTES: 5000,
  IMAGE_MIN_SIDE_PX: 24,
  IMAGE_EMBED_MAX_BYTES: 100,
} as AppConfig;

const document: DownloadedDocument = {
  finalUrl: 'https://docs.test/a.txt',
  bytes: Buffer.from('hello'),
  contentType: 'text/plain',
  mimeType: 'text/plain',
  extension: 'txt',
  reader: 'text',
  byteLength: 5,
  sha256: 'abc',
  fileName: 'a.txt',
};
const converted: ConversionTaskSuccess = {
  ok: true,
  pages: 1,
  outputs: { text: { mediaType: 'text/plain; charset=utf-8', body: 'hello' } },
  metadata: {},
  warnings: [],
  detectedLanguages: [],
};

/** An in-memory job table with the repository's conditional-write semantics. */
class FakeJobs {
  row: JobRow | null = {
    id: ID,
    ownerId: 'owner',
    type: 'format',
    status: 'CREATED',
    options: null,
    fileUrl: document.finalUrl,
    requestedFormats: ['text'],
    pages: 0,
    attempts: 0,
    result: null,
    errorCode: null,
    errorMessage: null,
    createdAt: new Date(),
    updatedAt: new Date(),
    startedAt: null,
    completedAt: null,
    uploadId: null,
    webhookUrl: null,
    sourceSha256: null,
    conversionKey: null,
    batchId: null,
    batchIndex: null,
    pagesTotal: null,
    pagesDone: null,
  };
  completed: CompletedConversion[] = [];
  hasWebhook = false;

  private get open(): boolean {
    return this.row !== null && (this.row.status === 'CREATED' || this.row.status === 'IN_PROGRESS');
  }
  async findById() {
    return this.row && { ...this.row };
  }
  async claim(_id: string, maxAttempts = Number.POSITIVE_INFINITY): Promise<ClaimedJob | null> {
    if (!this.row || !this.open || this.row.attempts >= maxAttempts) return null;
    this.row = { ...this.row, status: 'IN_PROGRESS', attempts: this.row.attempts + 1, startedAt: this.row.startedAt ?? new Date() };
    return {
      id: ID,
      ownerId: 'owner',
      fileUrl: this.row.fileUrl,
      requestedFormats: this.row.requestedFormats,
      options: { ocr: 'force', pages: '1' },
      attempts: this.row.attempts,
      uploadId: null,
      hasWebhook: this.hasWebhook,
      type: 'format',
    };
  }
  async complete(_id: string, done: CompletedConversion) {
    if (this.row?.status !== 'IN_PROGRESS') return false;
    this.completed.push(done);
    this.row = { ...this.row, status: 'COMPLETED', pages: done.pages, errorCode: null, errorMessage: null };
    return true;
  }
  async fail(_id: string, error: { code: string; message: string }) {
    if (!this.row || !this.open) return false;
    this.row = { ...this.row, status: 'FAILED', errorCode: error.code, errorMessage: error.message };
    return true;
  }
  async findCached() {
    return null;
  }
  async recordRetryableError(_id: string, error: { code: string; message: string }) {
    if (this.row?.status !== 'IN_PROGRESS') return false;
    this.row = { ...this.row, errorCode: error.code, errorMessage: error.message };
    return true;
  }
}

function setup(behaviour: { fetch?: () => Promise<DownloadedDocument>; convert?: () => Promise<ConversionTaskSuccess> } = {}) {
  const jobs = new FakeJobs();
  const fetcher = { fetch: jest.fn(behaviour.fetch ?? (async () => document)) };
  const pool = { convert: jest.fn(behaviour.convert ?? (async () => converted)) };
  const metrics = new WorkerMetrics(new Registry());
  // Job events as Postgres would announce them, told by the test.
  let hear: (event: JobEvent) => void = () => undefined;
  const events = { subscribe: (listener: (event: JobEvent) => void) => ((hear = listener), () => undefined) };
  const cancellations = new JobCancellations(events as unknown as JobEvents, jobs as unknown as JobProcessingRepository);
  const webhooks = { dispatch: jest.fn(async () => undefined) };
  const useCase = new ProcessJobUseCase(
    config,
    jobs as unknown as JobProcessingRepository,
    fetcher as unknown as DocumentFetcher,
    pool as unknown as ConversionPool,
    new ShutdownSignal(),
    metrics,
    cancellations,
    webhooks as unknown as WebhookDispatch,
    { started: jest.fn(async () => undefined) } as unknown as JobQueue,
    new JobOutcomes(jobs as unknown as JobProcessingRepository, metrics, webhooks as unknown as WebhookDispatch),
    {} as SplitParent,
    { keep: jest.fn(async () => false) } as unknown as SourceKeeper,
  );
  /** The value of one metric as a scrape would show it (0 when never recorded). */
  const metric = async (name: string, labels: Record<string, string> = {}) => sampleValue(await metrics.registry.metrics(), name, labels);
  return { jobs, fetcher, pool, useCase, metric, webhooks, announce: (jobId: string) => hear({ kind: 'job', jobId }) };
}

beforeAll(() => Logger.overrideLogger(false));

describe('ProcessJobUseCase', () => {
  it('claims, fetches, converts and completes a job with its result', async () => {
    const { jobs, pool, useCase } = setup();
    await expect(useCase.execute(ID)).resolves.toBe('completed');
    expect(jobs.row).toMatchObject({ status: 'COMPLETED', attempts: 1, pages: 1 });
    expect(jobs.completed).toEqual([
      {
        pages: 1,
        outputs: converted.outputs,
        result: { mimeType: 'text/plain', bytes: 5, sha256: 'abc', metadata: {}, warnings: [], detectedLanguages: [] },
        // What the result cache will know this conversion by: the bytes, and formats with options.
        cacheKey: { sourceSha256: 'abc', conversionKey: `${CONVERTER_VERSION}|text|{"ocr":"force","pages":"1"}` },
      },
    ]);
    expect(pool.convert).toHaveBeenCalledWith(
      {
        bytes: document.bytes,
        fileName: 'a.txt',
        contentType: 'text/plain',
        // As the fetch identified it: the thread reads with this reader instead of identifying again.
        identified: { mimeType: 'text/plain', reader: 'text' },
        formats: ['text'],
        maxPages: 50,
        options: { ocr: 'force', pages: '1' },
        ocrParallelism: 2,
        // What the job keeps of the document's pictures: the IMAGE_* settings.
        imageLimits: { maxBytes: 1000, maxJobBytes: 5000, minSide: 24, embedMaxBytes: 100 },
        // Every job keeps its document tree; only an extraction job its findings.
        keep: { tree: true, extraction: false },
      },
      expect.any(AbortSignal),
      // Where the conversion's pages go, as the job's progress.
      expect.any(JobProgress),
    );
  });

  it('does nothing for a missing or terminal job', async () => {
    const { jobs, fetcher, useCase } = setup();
    jobs.row = null;
    await expect(useCase.execute(ID)).resolves.toBe('skipped');

    const done = setup();
    done.jobs.row = { ...(done.jobs.row as JobRow), status: 'COMPLETED', attempts: 1 };
    await expect(done.useCase.execute(ID)).resolves.toBe('skipped');
    expect(done.jobs.row).toMatchObject({ status: 'COMPLETED', attempts: 1 });
    expect(fetcher.fetch).not.toHaveBeenCalled();
    expect(done.fetcher.fetch).not.toHaveBeenCalled();
  });

  it('fails a permanent JobFailure at once', async () => {
    const { jobs, useCase } = setup({
      convert: async () => {
        throw new JobFailure('TOO_MANY_PAGES', 'Too many pages.');
      },
    });
    await expect(useCase.execute(ID)).resolves.toBe('failed');
    expect(jobs.row).toMatchObject({ status: 'FAILED', errorCode: 'TOO_MANY_PAGES', errorMessage: 'Too many pages.', attempts: 1 });
  });

  it('keeps a transient failure IN_PROGRESS with the error recorded, and throws so BullMQ retries', async () => {
    const failure = new JobFailure('DOWNLOAD_FAILED', 'The server answered 503 Service Unavailable', true);
    const { jobs, useCase } = setup({
      fetch: async () => {
        throw failure;
      },
    });
    await expect(useCase.execute(ID)).rejects.toBeInstanceOf(RetryableJobError);
    expect(jobs.row).toMatchObject({ status: 'IN_PROGRESS', attempts: 1, errorCode: 'DOWNLOAD_FAILED' });

    await expect(useCase.execute(ID)).rejects.toBeInstanceOf(RetryableJobError);
    // The third attempt is the last one: FAILED with the transient failure's code.
    await expect(useCase.execute(ID)).resolves.toBe('failed');
    expect(jobs.row).toMatchObject({ status: 'FAILED', attempts: 3, errorCode: 'DOWNLOAD_FAILED' });
  });

  it('turns an unexpected error into a permanent INTERNAL_ERROR', async () => {
    const { jobs, useCase } = setup({
      convert: async () => {
        throw new Error('worker exited with code: 1');
      },
    });
    await expect(useCase.execute(ID)).resolves.toBe('failed');
    expect(jobs.row).toMatchObject({
      status: 'FAILED',
      errorCode: 'INTERNAL_ERROR',
      errorMessage: 'An internal error stopped the conversion',
    });
  });

  it('leaves the row alone when shutdown interrupts the work', async () => {
    const { jobs, useCase } = setup({
      fetch: async () => {
        throw new InterruptedError('The download');
      },
    });
    await expect(useCase.execute(ID)).rejects.toBeInstanceOf(InterruptedError);
    expect(jobs.row).toMatchObject({ status: 'IN_PROGRESS', attempts: 1, errorCode: null });
  });

  it('stops the conversion of a job cancelled meanwhile and writes nothing', async () => {
    const t = setup();
    const signals: AbortSignal[] = [];
    (t.pool.convert as jest.Mock).mockImplementationOnce(async (_input: unknown, signal: AbortSignal) => {
      signals.push(signal);
      // The client cancels while the conversion runs: the row is FAILED, its event arrives,
      // and the pool, told by the signal, stops the thread.
      await t.jobs.fail(ID, { code: 'CANCELLED', message: 'cancelled' });
      t.announce(ID);
      throw new InterruptedError('The conversion');
    });
    await expect(t.useCase.execute(ID)).resolves.toBe('skipped');
    expect(signals[0]?.aborted).toBe(true);
    expect(t.jobs.row).toMatchObject({ status: 'FAILED', errorCode: 'CANCELLED' });
    expect(t.jobs.completed).toHaveLength(0);
  });

  it('is not stopped by the event of its own completion', async () => {
    const t = setup();
    await expect(t.useCase.execute(ID)).resolves.toBe('completed');
    t.announce(ID);
    expect(t.jobs.row?.status).toBe('COMPLETED');
  });

  it('queues the webhook delivery of a job that asked for one once it has ended, and of no other', async () => {
    const plain = setup();
    await plain.useCase.execute(ID);
    expect(plain.webhooks.dispatch).not.toHaveBeenCalled();

    const completed = setup();
    completed.jobs.hasWebhook = true;
    await completed.useCase.execute(ID);
    expect(completed.webhooks.dispatch).toHaveBeenCalledWith(ID);

    const failed = setup({
      fetch: async () => {
        throw new JobFailure('CORRUPT_DOCUMENT', 'bad', false);
      },
    });
    failed.jobs.hasWebhook = true;
    await failed.useCase.execute(ID);
    expect(failed.jobs.row?.status).toBe('FAILED');
    expect(failed.webhooks.dispatch).toHaveBeenCalledWith(ID);
  });

  it('gives up a row that has used all its attempts, keeping its last error', async () => {
    const { jobs, fetcher, useCase } = setup();
    jobs.row = { ...(jobs.row as JobRow), status: 'IN_PROGRESS', attempts: 3, errorCode: 'DOWNLOAD_FAILED', errorMessage: 'timed out' };
    await expect(useCase.execute(ID)).resolves.toBe('failed');
    expect(jobs.row).toMatchObject({ status: 'FAILED', attempts: 3, errorCode: 'DOWNLOAD_FAILED', errorMessage: 'timed out' });
    expect(fetcher.fetch).not.toHaveBeenCalled();
  });

  it('writes nothing when another delivery completed the job first', async () => {
    const { jobs, useCase } = setup();
    const original = jobs.complete.bind(jobs);
    jobs.complete = async (id, done) => {
      jobs.row = { ...(jobs.row as JobRow), status: 'COMPLETED' };
      return original(id, done);
    };
    await expect(useCase.execute(ID)).resolves.toBe('skipped');
    expect(jobs.completed).toEqual([]);
  });

  describe('while Postgres is down or restarting', () => {
    /** What Prisma throws (through @prisma/adapter-pg) when Postgres refuses connections. */
    const unreachable = () =>
      new Prisma.PrismaClientKnownRequestError("Can't reach database server at 127.0.0.1:5432", {
        code: 'P1001',
        clientVersion: '7',
        meta: { driverAdapterError: { name: 'DriverAdapterError', cause: { kind: 'DatabaseNotReachable' } } },
      });

    it('delivers a converted job again instead of failing it when its outputs cannot be stored', async () => {
      const { jobs, useCase } = setup();
      jobs.complete = async () => {
        throw unreachable();
      };
      await expect(useCase.execute(ID)).rejects.toBeInstanceOf(DatabaseUnavailableError);
      expect(jobs.row).toMatchObject({ status: 'IN_PROGRESS', attempts: 1, errorCode: null });
    });

    it('delivers the job again when the row cannot be read or claimed', async () => {
      const reading = setup();
      // Out of attempts, so the claim takes nothing and the row is read to find out why.
      reading.jobs.row = { ...(reading.jobs.row as JobRow), attempts: config.JOB_MAX_ATTEMPTS };
      reading.jobs.findById = async () => {
        throw unreachable();
      };
      await expect(reading.useCase.execute(ID)).rejects.toBeInstanceOf(DatabaseUnavailableError);

      const claiming = setup();
      claiming.jobs.claim = async () => {
        throw Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
      };
      await expect(claiming.useCase.execute(ID)).rejects.toBeInstanceOf(DatabaseUnavailableError);
      expect(claiming.jobs.row).toMatchObject({ status: 'CREATED' });
    });

    it('completes the job on the next delivery once Postgres is back', async () => {
      const { jobs, useCase } = setup();
      const complete = jobs.complete.bind(jobs);
      jobs.complete = async () => {
        throw new Error('Connection terminated unexpectedly');
      };
      await expect(useCase.execute(ID)).rejects.toBeInstanceOf(DatabaseUnavailableError);
      jobs.complete = complete;
      await expect(useCase.execute(ID)).resolves.toBe('completed');
      expect(jobs.row).toMatchObject({ status: 'COMPLETED', attempts: 2 });
    });
  });

  describe('metrics', () => {
    it('counts a completed job, its conversion time and its pages by input type', async () => {
      const { useCase, metric } = setup();
      await useCase.execute(ID);
      expect(await metric('docformat_jobs_completed_total', { input: 'txt' })).toBe(1);
      expect(await metric('docformat_conversion_seconds_count', { input: 'txt' })).toBe(1);
      expect(await metric('docformat_pages_converted_total', { input: 'txt' })).toBe(1);
      expect(await metric('docformat_jobs_failed_total')).toBe(0);
    });

    it('counts the pages a selection converted, not the pages the document has', async () => {
      const { useCase, metric } = setup({ convert: async () => ({ ...converted, pages: 40, pagesConverted: [1, 2, 3] }) });
      await useCase.execute(ID);
      expect(await metric('docformat_pages_converted_total', { input: 'txt' })).toBe(3);
    });

    it('counts a failed job once, by its error code, only when it fails for good', async () => {
      const permanent = setup({
        convert: async () => {
          throw new JobFailure('TOO_MANY_PAGES', 'Too many pages.');
        },
      });
      await permanent.useCase.execute(ID);
      expect(await permanent.metric('docformat_jobs_failed_total', { code: 'TOO_MANY_PAGES' })).toBe(1);
      expect(await permanent.metric('docformat_jobs_completed_total')).toBe(0);
      expect(await permanent.metric('docformat_conversion_seconds_count')).toBe(0);

      const transient = setup({
        fetch: async () => {
          throw new JobFailure('DOWNLOAD_FAILED', 'The server answered 503 Service Unavailable', true);
        },
      });
      await expect(transient.useCase.execute(ID)).rejects.toBeInstanceOf(RetryableJobError);
      await expect(transient.useCase.execute(ID)).rejects.toBeInstanceOf(RetryableJobError);
      expect(await transient.metric('docformat_jobs_failed_total')).toBe(0);
      await transient.useCase.execute(ID);
      expect(await transient.metric('docformat_jobs_failed_total', { code: 'DOWNLOAD_FAILED' })).toBe(1);
    });

    it('counts a job given up after its attempts, with its last error code', async () => {
      const { jobs, useCase, metric } = setup();
      jobs.row = { ...(jobs.row as JobRow), status: 'IN_PROGRESS', attempts: 3, errorCode: 'CONVERSION_TIMEOUT', errorMessage: 'too slow' };
      await useCase.execute(ID);
      expect(await metric('docformat_jobs_failed_total', { code: 'CONVERSION_TIMEOUT' })).toBe(1);
    });

    it('times a conversion another delivery finished first, but does not count the job twice', async () => {
      const { jobs, useCase, metric } = setup();
      jobs.complete = async () => false;
      await expect(useCase.execute(ID)).resolves.toBe('skipped');
      expect(await metric('docformat_conversion_seconds_count', { input: 'txt' })).toBe(1);
      expect(await metric('docformat_jobs_completed_total')).toBe(0);
    });
  });
});
