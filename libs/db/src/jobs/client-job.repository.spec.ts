import { randomUUID } from 'node:crypto';
import { createPrismaClient, type PrismaClient } from '../prisma-client';
import { ClientJobRepository } from './client-job.repository';
import { JobProcessingRepository } from './job-processing.repository';

let prisma: PrismaClient;
let jobs: ClientJobRepository;
/** Moves jobs on as the worker does, for what the client then reads. */
let worker: JobProcessingRepository;
let ownerId: string;
let otherOwnerId: string;

const newOwner = (name: string) => prisma.apiToken.create({ data: { name, tokenHash: randomUUID().replace(/-/g, '').padEnd(64, '0') } });

beforeAll(async () => {
  prisma = createPrismaClient(process.env['DATABASE_URL'] as string);
  jobs = new ClientJobRepository(prisma);
  worker = new JobProcessingRepository(prisma);
  ownerId = (await newOwner('raw-sql-spec')).id;
  otherOwnerId = (await newOwner('raw-sql-spec-other')).id;
});
afterAll(() => prisma.$disconnect());

const byFormat = (a: { format: string }, b: { format: string }) => a.format.localeCompare(b.format);

describe('ClientJobRepository: jobs as the API writes and reads them, in raw SQL (real Postgres)', () => {
  it('inserts a job and returns exactly the row Prisma reads back', async () => {
    const id = randomUUID();
    const created = await jobs.create({
      id,
      ownerId,
      type: 'format',
      fileUrl: 'https://docs.test/a.pdf',
      requestedFormats: ['markdown', 'text'],
    });
    const read = await prisma.job.findUniqueOrThrow({ where: { id } });
    expect(created).toEqual(read);
    expect(created).toMatchObject({
      status: 'CREATED',
      type: 'format',
      pages: 0,
      attempts: 0,
      options: null,
      result: null,
      startedAt: null,
    });
    expect(created.createdAt).toBeInstanceOf(Date);
    expect(Object.keys(created).sort()).toEqual(Object.keys(read).sort());
  });

  it('stores the options as JSON and keeps hostile text as plain data', async () => {
    const id = randomUUID();
    const fileUrl = 'https://docs.test/a.pdf?q=\');DROP TABLE jobs;--&x="y"';
    const options = { ocr: 'force' as const, languages: ['eng', 'deu'], pages: '1-3,7', pageMarkers: true };
    const created = await jobs.create({ id, ownerId, type: 'format', fileUrl, requestedFormats: ['text'], options });
    expect(created).toMatchObject({ fileUrl, options, requestedFormats: ['text'] });
    expect(await prisma.job.findUniqueOrThrow({ where: { id } })).toEqual(created);
  });

  it("finds a job for its owner with its outputs, as Prisma's include does", async () => {
    const id = randomUUID();
    await jobs.create({ id, ownerId, type: 'format', fileUrl: 'https://docs.test/b.pdf', requestedFormats: ['text', 'markdown'] });
    await worker.claim(id);
    const result = { mimeType: 'application/pdf', bytes: 1, sha256: 'ab', metadata: { title: 'T' }, warnings: [] };
    await worker.complete(id, {
      pages: 2,
      result,
      outputs: {
        text: { mediaType: 'text/plain; charset=utf-8', body: 'plain ünïcode' },
        markdown: { mediaType: 'text/markdown; charset=utf-8', body: '# md\n\n"quoted"' },
      },
    });

    const found = await jobs.findForOwner(id, ownerId);
    const viaPrisma = await prisma.job.findFirstOrThrow({
      where: { id, ownerId },
      include: { outputs: { select: { format: true, content: true, json: true } } },
    });
    expect(found).not.toBeNull();
    // Beside what Prisma's include gives: the webhook delivery (none here) and an extraction job's findings (a format job has none).
    expect({ ...found, outputs: [...(found?.outputs ?? [])].sort(byFormat) }).toEqual({
      ...viaPrisma,
      outputs: [...viaPrisma.outputs].sort(byFormat),
      webhookDelivery: null,
      extraction: null,
    });
    expect(found?.result).toEqual(result);
  });

  it('answers an empty output list for a job without outputs', async () => {
    const id = randomUUID();
    await jobs.create({ id, ownerId, type: 'format', fileUrl: 'https://docs.test/c.pdf', requestedFormats: ['text'] });
    expect((await jobs.findForOwner(id, ownerId))?.outputs).toEqual([]);
  });

  it('finds nothing for another owner or an unknown id', async () => {
    const id = randomUUID();
    await jobs.create({ id, ownerId, type: 'format', fileUrl: 'https://docs.test/d.pdf', requestedFormats: ['text'] });
    expect(await jobs.findForOwner(id, otherOwnerId)).toBeNull();
    expect(await jobs.findForOwner(randomUUID(), ownerId)).toBeNull();
  });

  it('refuses a second job with the same id', async () => {
    const id = randomUUID();
    await jobs.create({ id, ownerId, type: 'format', fileUrl: 'https://docs.test/e.pdf', requestedFormats: ['text'] });
    await expect(
      jobs.create({ id, ownerId, type: 'format', fileUrl: 'https://docs.test/e.pdf', requestedFormats: ['text'] }),
    ).rejects.toThrow();
  });
});
