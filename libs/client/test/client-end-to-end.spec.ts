import { DocformatApiError, DocformatClient, JobFailedError, type JobProgress, type RetryEvent } from '../src';
import { startFixtureOrigin, startRunningService, waitFor, type FixtureOrigin, type RunningService } from '@docformat/testing';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { GENERATED_FILE, regenerate } from '../codegen/generated-file';

/**
 * The client against the real service: an API and a worker process on this project's
 * own database and queue, documents from the converters' fixtures (uploaded from disk,
 * or served by a loopback origin the worker may fetch from with FETCH_ALLOW_PRIVATE).
 */
const FIXTURES = join(__dirname, '../../converters/fixtures');
const RATE_LIMIT = 20;

let service: RunningService;
let origin: FixtureOrigin;

beforeAll(async () => {
  origin = await startFixtureOrigin(FIXTURES);
  service = await startRunningService({ FETCH_ALLOW_PRIVATE: 'true', WORKER_CONCURRENCY: '2', RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT) });
}, 120_000);
afterAll(async () => {
  await service?.stop();
  await origin?.close();
});

const clientFor = async (name: string, retry?: ConstructorParameters<typeof DocformatClient>[0]['retry']) =>
  new DocformatClient({ url: service.url, token: await service.newToken(name), retry });

describe('convert', () => {
  it('uploads a PDF from disk and returns its markdown, reporting progress until COMPLETED', async () => {
    const client = await clientFor('client-upload');
    const progress: JobProgress[] = [];
    const { job, outputs } = await client.convert(join(FIXTURES, 'sample.pdf'), {
      formats: ['markdown', 'text'],
      onProgress: (p) => progress.push(p),
    });

    expect(job).toMatchObject({ status: 'COMPLETED', fileName: 'sample.pdf', type: 'format', pages: 4 });
    expect(outputs.markdown).toMatch(/^# Document Conversion Handbook$/m);
    expect(outputs.markdown).toContain('Supported Inputs');
    expect(outputs.text).toContain('Document Conversion Handbook');
    expect(progress[0]).toMatchObject({ id: job.id, status: 'CREATED' });
    expect(progress.at(-1)).toEqual({ id: job.id, status: 'COMPLETED', pages: 4 });
  }, 60_000);

  it('converts a document at a URL to markdown', async () => {
    const client = await clientFor('client-url');
    const url = `${origin.url}/sample.html`;
    const { job, outputs } = await client.convert(url, { formats: 'markdown', options: { cache: false } });

    expect(job).toMatchObject({ status: 'COMPLETED', fileName: url, result: { mimeType: 'text/html' } });
    expect(outputs.markdown).toMatch(/^# Document Conversion Handbook$/m);
    expect(outputs.markdown).toContain('| ');
  }, 60_000);

  it('throws the failed job’s code and message', async () => {
    const client = await clientFor('client-failed');
    const error = await client.convert(join(FIXTURES, 'encrypted-user-password.pdf')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(JobFailedError);
    expect(error).toMatchObject({ code: 'ENCRYPTED_DOCUMENT', job: { status: 'FAILED' } });
  }, 60_000);

  it('waits out a 429 as long as Retry-After says, then submits once: one job, not two', async () => {
    const retries: RetryEvent[] = [];
    const { token, id } = await service.newClient('client-rate-limited');
    const client = new DocformatClient({ url: service.url, token, retry: { onRetry: (event) => retries.push(event) } });
    // Over the limit for a few seconds more, not the up to 60 s that spending this minute's submissions costs.
    await service.holdAtRateLimit(id, RATE_LIMIT);

    const { outputs } = await client.convert(`${origin.url}/sample.md`, { formats: 'markdown' });

    expect(outputs.markdown).toMatch(/^# Document Conversion Handbook$/m);
    // Honoured: a retry sent before the window had room would have been refused again,
    // so one 429 whose wait was the Retry-After is the proof (a second one may follow
    // only if the API's rounding left the window a moment short).
    expect(retries.length).toBeGreaterThanOrEqual(1);
    expect(retries.length).toBeLessThanOrEqual(2);
    for (const retry of retries) {
      expect(retry).toMatchObject({ status: 429 });
      expect(retry.retryAfterSeconds).toBeGreaterThanOrEqual(1);
      expect(retry.delayMs).toBe((retry.retryAfterSeconds ?? 0) * 1000);
    }
    // The retried submission carried one Idempotency-Key: the client has this one job.
    const { jobs } = await client.listJobs();
    expect(jobs.map((j) => j.fileName)).toEqual([`${origin.url}/sample.md`]);
  }, 60_000);
});

describe('getJob, listJobs and cancelJob', () => {
  it('lists the client’s jobs, cancels a running one (which ends convert with CANCELLED) and refuses to cancel it twice', async () => {
    const client = await clientFor('client-jobs');
    const started: JobProgress[] = [];
    const converting = client.convert(origin.endlessUrl, { onProgress: (p) => started.push(p), waitSeconds: 2 });
    expect(await waitFor(() => started.length > 0, 30_000, 50)).toBe(true);
    const id = started[0]?.id ?? '';

    expect((await client.getJob(id)).status).toMatch(/^(CREATED|IN_PROGRESS)$/);
    const { jobs, nextCursor } = await client.listJobs({ limit: 10 });
    expect(jobs.map((j) => j.id)).toEqual([id]);
    expect(nextCursor).toBeNull();

    const cancelled = await client.cancelJob(id);
    expect(cancelled).toMatchObject({ id, status: 'FAILED', error: { code: 'CANCELLED' } });
    await expect(converting).rejects.toMatchObject({ name: 'JobFailedError', code: 'CANCELLED' });
    await expect(client.cancelJob(id)).rejects.toMatchObject({ status: 409, code: 'JOB_FINISHED' });
    expect((await client.listJobs({ status: 'FAILED' })).jobs.map((j) => j.id)).toEqual([id]);
  }, 60_000);

  it('surfaces the API’s problem: a refused token, an unknown job', async () => {
    const refused = new DocformatClient({ url: service.url, token: 'not-a-token-of-this-service' });
    const error = await refused.listJobs().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DocformatApiError);
    expect(error).toMatchObject({ status: 401, code: 'UNAUTHORIZED' });

    const client = await clientFor('client-unknown');
    await expect(client.getJob('00000000-0000-4000-8000-000000000000')).rejects.toMatchObject({ status: 404, code: 'NOT_FOUND' });
  });
});

describe('batches', () => {
  it('submits uploads from disk as one batch, waits for it, and pages its jobs in order', async () => {
    const client = await clientFor('client-batch-uploads');
    const files = ['sample.md', 'notes.txt', 'encrypted-user-password.pdf'].map((name) => join(FIXTURES, name));
    const created = await client.submitBatch(files, { formats: ['markdown'] });
    expect(created).toMatchObject({ total: 3, done: false });

    const seen: number[] = [];
    const done = await client.waitForBatch(created.id, { onProgress: (batch) => seen.push(batch.counts.COMPLETED), waitSeconds: 5 });
    expect(done).toMatchObject({ done: true, counts: { COMPLETED: 2, FAILED: 1 } });
    expect(seen.length).toBeGreaterThan(0);

    const jobs = [];
    for await (const job of client.batchJobs(created.id, { limit: 2 })) jobs.push(job);
    expect(jobs.map((job) => [job.fileName, job.status, job.errorCode])).toEqual([
      ['sample.md', 'COMPLETED', null],
      ['notes.txt', 'COMPLETED', null],
      ['encrypted-user-password.pdf', 'FAILED', 'ENCRYPTED_DOCUMENT'],
    ]);
    expect((await client.getJob(jobs[0]?.id ?? '')).formats.markdown).toMatch(/^# Document Conversion Handbook$/m);
  }, 60_000);

  it('submits URLs as JSON, cancels the batch and deletes it; a mix of URLs and files is refused before sending', async () => {
    const client = await clientFor('client-batch-urls');
    const batch = await client.submitBatch([origin.endlessUrl, origin.endlessUrl], { formats: 'text' });
    expect(batch.jobs.map((job) => job.fileName)).toEqual([origin.endlessUrl, origin.endlessUrl]);
    const cancelled = await client.cancelBatch(batch.id);
    expect(cancelled).toMatchObject({ done: true, counts: { FAILED: 2 } });
    await client.deleteBatch(batch.id);
    await expect(client.getBatch(batch.id)).rejects.toMatchObject({ status: 404, code: 'NOT_FOUND' });

    await expect(client.submitBatch([origin.endlessUrl, join(FIXTURES, 'notes.txt')])).rejects.toThrow(/all URLs or all uploads/);
    expect((await client.listJobs()).jobs).toHaveLength(0);
  }, 60_000);
});

describe('pageImage', () => {
  it('fetches a page drawn as PNG or WebP at the dpi asked, and surfaces PAGE_OUT_OF_RANGE', async () => {
    const client = await clientFor('client-pages');
    const { job } = await client.convert(`${origin.url}/pdf-structure/tables.pdf`, { formats: 'text' });
    const png = await client.pageImage(job.id, 1, { dpi: 72 });
    expect(png.mediaType).toBe('image/png');
    // The PNG's IHDR: US Letter is 612 × 792 pixels at 72 dpi.
    const header = Buffer.from(png.bytes);
    expect([header.readUInt32BE(16), header.readUInt32BE(20)]).toEqual([612, 792]);
    const webp = await client.pageImage(job.id, 2, { format: 'webp' });
    expect(webp.mediaType).toBe('image/webp');
    expect(Buffer.from(webp.bytes).subarray(8, 12).toString('latin1')).toBe('WEBP');
    await expect(client.pageImage(job.id, 3)).rejects.toMatchObject({ status: 404, code: 'PAGE_OUT_OF_RANGE' });
  }, 60_000);
});

describe('the generated client', () => {
  it('is what the running API’s /openapi.json generates', async () => {
    expect(readFileSync(GENERATED_FILE, 'utf8')).toBe(await regenerate(service.url));
  }, 60_000);
});
