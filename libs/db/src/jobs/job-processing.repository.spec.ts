import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { createPrismaClient, type PrismaClient } from '../prisma-client';
import { ClientJobRepository } from './client-job.repository';
import { JobProcessingRepository } from './job-processing.repository';

let prisma: PrismaClient;
let jobs: JobProcessingRepository;
/** Creates the jobs, and reads them back as their owner sees them. */
let clients: ClientJobRepository;
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
  jobs = new JobProcessingRepository(prisma);
  clients = new ClientJobRepository(prisma);
  const owner = await prisma.apiToken.create({ data: { name: 'jobs-spec', tokenHash: randomUUID().replace(/-/g, '').padEnd(64, '0') } });
  ownerId = owner.id;
});
afterAll(() => prisma.$disconnect());

function newJob(): Promise<string> {
  const id = randomUUID();
  return clients
    .create({ id, ownerId, type: 'format', fileUrl: 'https://docs.test/a.pdf', requestedFormats: ['text', 'markdown'] })
    .then(() => id);
}

const byFormat = (a: { format: string }, b: { format: string }) => a.format.localeCompare(b.format);

describe('JobProcessingRepository: jobs as the worker runs them (real Postgres)', () => {
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

  it("claims a queue delivery's job as claim does, within its attempts, when it was never split", async () => {
    const id = await newJob();
    expect(await jobs.claimDelivery(id, 2)).toMatchObject({ split: false, job: { id, ownerId, attempts: 1, type: 'format' } });
    expect(await jobs.claimDelivery(id, 2)).toMatchObject({ split: false, job: { attempts: 2 } });
    expect(await jobs.claimDelivery(id, 2)).toBeNull();
    expect(await jobs.findById(id)).toMatchObject({ status: 'IN_PROGRESS', attempts: 2 });
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

  it('fails a job whose message quotes bytes Postgres text refuses (NUL from a damaged archive entry name)', async () => {
    const id = await newJob();
    await jobs.claim(id);
    // A JobFailure cleans its own message; this is the message of any other error that reaches here.
    expect(await jobs.recordRetryableError(id, { code: 'DOWNLOAD_FAILED', message: 'first\u0000try' })).toBe(true);
    expect(await jobs.fail(id, { code: 'FILE_TOO_LARGE', message: 'The archive entry readme.txtPK\u0001\u0002\u0000x is too big.' })).toBe(
      true,
    );
    expect(await jobs.findById(id)).toMatchObject({
      status: 'FAILED',
      errorCode: 'FILE_TOO_LARGE',
      errorMessage: 'The archive entry readme.txtPK\ufffdx is too big.',
    });
  });

  it('stores a JSON output as JSON, and reads back the value itself beside a text one', async () => {
    const id = randomUUID();
    await clients.create({ id, ownerId, type: 'format', fileUrl: 'https://docs.test/j.pdf', requestedFormats: ['chunks', 'text'] });
    await jobs.claim(id);
    const chunks = [
      { text: 'One "quoted"', page: 1 },
      { text: 'Two', page: null },
    ];
    const outputs = {
      chunks: { mediaType: 'application/json', body: chunks },
      text: { mediaType: 'text/plain; charset=utf-8', body: 'plain' },
    };
    await jobs.complete(id, { pages: 1, result: { mimeType: 'text/plain', bytes: 1, sha256: 'x', metadata: {}, warnings: [] }, outputs });
    const found = [...((await clients.findForOwner(id, ownerId))?.outputs ?? [])].sort(byFormat);
    expect(found).toEqual([
      { format: 'chunks', content: null, json: chunks },
      { format: 'text', content: 'plain', json: null },
    ]);
  });

  it("reads a job's record by id alone, whoever owns it, as its owner reads it (webhook deliveries)", async () => {
    const id = await newJob();
    await jobs.claim(id);
    await jobs.complete(id, done);
    const found = await jobs.findWithOutputs(id);
    const owners = await clients.findForOwner(id, ownerId);
    expect({ ...found, outputs: [...(found?.outputs ?? [])].sort(byFormat) }).toEqual({
      ...owners,
      outputs: [...(owners?.outputs ?? [])].sort(byFormat),
    });
    expect(found?.outputs).toHaveLength(2);
    expect(await jobs.findWithOutputs(randomUUID())).toBeNull();
  });

  it('claims only a job with attempts left when given a maximum', async () => {
    const id = randomUUID();
    await clients.create({ id, ownerId, type: 'format', fileUrl: 'https://docs.test/f.pdf', requestedFormats: ['text'] });
    expect((await jobs.claim(id, 2))?.attempts).toBe(1);
    expect((await jobs.claim(id, 2))?.attempts).toBe(2);
    expect(await jobs.claim(id, 2)).toBeNull();
    expect(await jobs.findById(id)).toMatchObject({ status: 'IN_PROGRESS', attempts: 2 });
    expect((await jobs.claim(id))?.attempts).toBe(3);
  });

  it('completes with no outputs at all, and stores large and non-ASCII outputs whole', async () => {
    const id = randomUUID();
    await clients.create({ id, ownerId, type: 'format', fileUrl: 'https://docs.test/g.pdf', requestedFormats: ['text', 'markdown'] });
    await jobs.claim(id);
    const big = `# ${'ünïcödé 文字 '.repeat(50_000)}`;
    expect(
      await jobs.complete(id, {
        pages: 1,
        result: { mimeType: 'text/plain', bytes: 1, sha256: 'x', metadata: {}, warnings: [] },
        outputs: { markdown: { mediaType: 'text/markdown; charset=utf-8', body: big } },
      }),
    ).toBe(true);
    expect((await clients.findForOwner(id, ownerId))?.outputs).toEqual([{ format: 'markdown', content: big, json: null }]);

    const empty = randomUUID();
    await clients.create({ id: empty, ownerId, type: 'format', fileUrl: 'https://docs.test/h.pdf', requestedFormats: ['text'] });
    await jobs.claim(empty);
    expect(
      await jobs.complete(empty, {
        pages: 0,
        result: { mimeType: 'text/plain', bytes: 0, sha256: 'x', metadata: {}, warnings: [] },
        outputs: {},
      }),
    ).toBe(true);
    expect(await clients.findForOwner(empty, ownerId)).toMatchObject({ status: 'COMPLETED', outputs: [] });
  });

  it('records progress only while IN_PROGRESS, never lower, and announces each change once', async () => {
    const listener = new Client({ connectionString: process.env['DATABASE_URL'] as string });
    await listener.connect();
    const heard: string[] = [];
    listener.on('notification', (message) => heard.push(message.payload ?? ''));
    await listener.query('LISTEN docformat_job_progress');
    try {
      const id = await newJob();
      const progressOf = async () => {
        const row = await jobs.findById(id);
        return { pagesDone: row?.pagesDone, pagesTotal: row?.pagesTotal };
      };
      await jobs.recordProgress(id, 1, 10);
      expect(await progressOf()).toEqual({ pagesDone: null, pagesTotal: null }); // CREATED: not yet

      await jobs.claim(id);
      await jobs.recordProgress(id, 0, 10); // the page count, known: null → 0 is a change
      await jobs.recordProgress(id, 4, 10);
      await jobs.recordProgress(id, 2, 10); // a part reporting late: no step back
      await jobs.recordProgress(id, 4, 10); // nothing new
      expect(await progressOf()).toEqual({ pagesDone: 4, pagesTotal: 10 });
      await jobs.claim(id); // a retry keeps what was done
      await jobs.recordProgress(id, 1, 10);
      expect(await progressOf()).toEqual({ pagesDone: 4, pagesTotal: 10 });
      expect(await clients.findForOwner(id, ownerId)).toMatchObject({ pagesDone: 4, pagesTotal: 10 });
      await jobs.recordProgress(id, 7, 10);
      await jobs.complete(id, done);
      await jobs.recordProgress(id, 10, 10); // COMPLETED: left as it was
      expect(await progressOf()).toEqual({ pagesDone: 7, pagesTotal: 10 });

      // Notifications arrive in commit order: once the marker is heard, every earlier one has been.
      await prisma.$executeRaw`SELECT pg_notify('docformat_job_progress', 'marker')`;
      const deadline = Date.now() + 5000;
      while (!heard.includes('marker') && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(heard.filter((payload) => payload === id)).toHaveLength(3); // 0, 4 and 7
    } finally {
      await listener.end();
    }
  });
});
