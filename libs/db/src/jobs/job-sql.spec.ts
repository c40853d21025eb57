import { randomUUID } from 'node:crypto';
import { createPrismaClient, type PrismaClient } from '../prisma-client';
import { JobRepository } from './job.repository';

let prisma: PrismaClient;
let jobs: JobRepository;
let ownerId: string;
let otherOwnerId: string;

const newOwner = (name: string) => prisma.apiToken.create({ data: { name, tokenHash: randomUUID().replace(/-/g, '').padEnd(64, '0') } });

beforeAll(async () => {
  prisma = createPrismaClient(process.env['DATABASE_URL'] as string);
  jobs = new JobRepository(prisma);
  ownerId = (await newOwner('raw-sql-spec')).id;
  otherOwnerId = (await newOwner('raw-sql-spec-other')).id;
});
afterAll(() => prisma.$disconnect());

const byFormat = (a: { format: string }, b: { format: string }) => a.format.localeCompare(b.format);

describe('JobRepository hot paths in raw SQL (real Postgres)', () => {
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
    await jobs.claim(id);
    const result = { mimeType: 'application/pdf', bytes: 1, sha256: 'ab', metadata: { title: 'T' }, warnings: [] };
    await jobs.complete(id, {
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

  it('stores a JSON output as JSON, and reads back the value itself beside a text one', async () => {
    const id = randomUUID();
    await jobs.create({ id, ownerId, type: 'format', fileUrl: 'https://docs.test/j.pdf', requestedFormats: ['chunks', 'text'] });
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
    const found = [...((await jobs.findForOwner(id, ownerId))?.outputs ?? [])].sort(byFormat);
    expect(found).toEqual([
      { format: 'chunks', content: null, json: chunks },
      { format: 'text', content: 'plain', json: null },
    ]);
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

  it('claims only a job with attempts left when given a maximum', async () => {
    const id = randomUUID();
    await jobs.create({ id, ownerId, type: 'format', fileUrl: 'https://docs.test/f.pdf', requestedFormats: ['text'] });
    expect((await jobs.claim(id, 2))?.attempts).toBe(1);
    expect((await jobs.claim(id, 2))?.attempts).toBe(2);
    expect(await jobs.claim(id, 2)).toBeNull();
    expect(await jobs.findById(id)).toMatchObject({ status: 'IN_PROGRESS', attempts: 2 });
    expect((await jobs.claim(id))?.attempts).toBe(3);
  });

  it('completes with no outputs at all, and stores large and non-ASCII outputs whole', async () => {
    const id = randomUUID();
    await jobs.create({ id, ownerId, type: 'format', fileUrl: 'https://docs.test/g.pdf', requestedFormats: ['text', 'markdown'] });
    await jobs.claim(id);
    const big = `# ${'ünïcödé 文字 '.repeat(50_000)}`;
    expect(
      await jobs.complete(id, {
        pages: 1,
        result: { mimeType: 'text/plain', bytes: 1, sha256: 'x', metadata: {}, warnings: [] },
        outputs: { markdown: { mediaType: 'text/markdown; charset=utf-8', body: big } },
      }),
    ).toBe(true);
    expect((await jobs.findForOwner(id, ownerId))?.outputs).toEqual([{ format: 'markdown', content: big, json: null }]);

    const empty = randomUUID();
    await jobs.create({ id: empty, ownerId, type: 'format', fileUrl: 'https://docs.test/h.pdf', requestedFormats: ['text'] });
    await jobs.claim(empty);
    expect(
      await jobs.complete(empty, {
        pages: 0,
        result: { mimeType: 'text/plain', bytes: 0, sha256: 'x', metadata: {}, warnings: [] },
        outputs: {},
      }),
    ).toBe(true);
    expect(await jobs.findForOwner(empty, ownerId)).toMatchObject({ status: 'COMPLETED', outputs: [] });
  });
});
