import { randomUUID } from 'node:crypto';
import { createPrismaClient, type PrismaClient } from '../prisma-client';
import { JobRepository } from './job.repository';

let prisma: PrismaClient;
let jobs: JobRepository;
let ownerId: string;

const done = {
  pages: 3,
  result: { mimeType: 'application/pdf', bytes: 1234, sha256: 'ab'.repeat(32), metadata: { title: 'T' }, warnings: [] },
  outputs: {
    text: { mediaType: 'text/plain; charset=utf-8', body: 'plain' },
    markdown: { mediaType: 'text/markdown; charset=utf-8', body: '# md' },
  },
};

beforeAll(async () => {
  prisma = createPrismaClient(process.env['DATABASE_URL'] as string);
  jobs = new JobRepository(prisma);
  const owner = await prisma.apiToken.create({ data: { name: 'jobs-spec', tokenHash: randomUUID().replace(/-/g, '').padEnd(64, '0') } });
  ownerId = owner.id;
});
afterAll(() => prisma.$disconnect());

function newJob(): Promise<string> {
  const id = randomUUID();
  return jobs
    .create({ id, ownerId, type: 'format', fileUrl: 'https://docs.test/a.pdf', requestedFormats: ['text', 'markdown'] })
    .then(() => id);
}

describe('JobRepository, worker side (real Postgres)', () => {
  it('claims a CREATED or IN_PROGRESS job, counting attempts and keeping the first start time', async () => {
    const id = await newJob();
    const first = await jobs.claim(id);
    expect(first).toEqual({
      id,
      ownerId,
      fileUrl: 'https://docs.test/a.pdf',
      requestedFormats: ['text', 'markdown'],
      options: null,
      attempts: 1,
      uploadId: null,
      hasWebhook: false,
      type: 'format',
    });
    const startedAt = (await jobs.findById(id))?.startedAt;
    expect(startedAt).toBeInstanceOf(Date);

    expect((await jobs.claim(id))?.attempts).toBe(2);
    const row = await jobs.findById(id);
    expect(row).toMatchObject({ status: 'IN_PROGRESS', attempts: 2, startedAt });
  });

  it('never claims a terminal or missing job', async () => {
    const id = await newJob();
    await jobs.claim(id);
    await jobs.fail(id, { code: 'CORRUPT_DOCUMENT', message: 'damaged' });
    expect(await jobs.claim(id)).toBeNull();
    expect(await jobs.claim(randomUUID())).toBeNull();
    expect(await jobs.findById(id)).toMatchObject({ status: 'FAILED', attempts: 1 });
  });

  it('completes once: outputs and COMPLETED together, a second completion writes nothing', async () => {
    const id = await newJob();
    await jobs.claim(id);
    await jobs.recordRetryableError(id, { code: 'DOWNLOAD_FAILED', message: 'busy' });
    const results = await Promise.all([jobs.complete(id, done), jobs.complete(id, { ...done, pages: 9 })]);
    expect(results.sort()).toEqual([false, true]);

    const row = await prisma.job.findUniqueOrThrow({ where: { id }, include: { outputs: { orderBy: { format: 'asc' } } } });
    expect(row).toMatchObject({ status: 'COMPLETED', pages: 3, result: done.result, errorCode: null, errorMessage: null });
    expect(row.completedAt).toBeInstanceOf(Date);
    expect(row.outputs.map((o) => [o.format, o.content])).toEqual([
      ['markdown', '# md'],
      ['text', 'plain'],
    ]);
  });

  it('does not complete a job that is not IN_PROGRESS', async () => {
    const id = await newJob();
    expect(await jobs.complete(id, done)).toBe(false);
    expect(await prisma.jobOutput.count({ where: { jobId: id } })).toBe(0);
  });

  it('fails only unfinished jobs, and records retryable errors only while IN_PROGRESS', async () => {
    const id = await newJob();
    expect(await jobs.recordRetryableError(id, { code: 'DOWNLOAD_FAILED', message: 'busy' })).toBe(false);
    await jobs.claim(id);
    await jobs.complete(id, done);
    expect(await jobs.fail(id, { code: 'INTERNAL_ERROR', message: 'late' })).toBe(false);
    expect(await jobs.recordRetryableError(id, { code: 'DOWNLOAD_FAILED', message: 'busy' })).toBe(false);
    expect(await jobs.findById(id)).toMatchObject({ status: 'COMPLETED', errorCode: null });

    const other = await newJob();
    expect(await jobs.fail(other, { code: 'URL_NOT_ALLOWED', message: 'loopback' })).toBe(true);
    expect(await jobs.findById(other)).toMatchObject({ status: 'FAILED', errorCode: 'URL_NOT_ALLOWED', errorMessage: 'loopback' });
  });

  it('lists IN_PROGRESS jobs and CREATED jobs older than the cut-off', async () => {
    const fresh = await newJob();
    const old = await newJob();
    await prisma.job.update({ where: { id: old }, data: { createdAt: new Date(Date.now() - 60_000) } });
    const running = await newJob();
    await jobs.claim(running);
    const finished = await newJob();
    await jobs.fail(finished, { code: 'INTERNAL_ERROR', message: 'x' });

    const listed = await jobs.findUnfinished(new Date(Date.now() - 5000), 10_000);
    const ids = listed.map((j) => j.id);
    expect(ids).toEqual(expect.arrayContaining([old, running]));
    expect(ids).not.toContain(fresh);
    expect(ids).not.toContain(finished);
    expect(listed.find((j) => j.id === running)).toEqual({ id: running, ownerId, status: 'IN_PROGRESS' });
  });

  it('runs work under an advisory lock, and refuses at once while another transaction holds it', async () => {
    const key = 424242;
    await expect(jobs.withExclusiveLock(key, 5000, async () => 'ran')).resolves.toEqual({ acquired: true, value: 'ran' });

    const nested = await jobs.withExclusiveLock(key, 5000, () => jobs.withExclusiveLock(key, 5000, async () => 'inner'));
    expect(nested).toEqual({ acquired: true, value: { acquired: false } });
  });
});
