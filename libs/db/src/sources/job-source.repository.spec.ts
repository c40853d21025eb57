import { randomUUID } from 'node:crypto';
import { createPrismaClient, type PrismaClient } from '../prisma-client';
import { ClientJobRepository } from '../jobs/client-job.repository';
import { JobSourceRepository } from './job-source.repository';

let prisma: PrismaClient;
let clients: ClientJobRepository;
let sources: JobSourceRepository;
let ownerId: string;

beforeAll(async () => {
  prisma = createPrismaClient(process.env['DATABASE_URL'] as string);
  clients = new ClientJobRepository(prisma);
  sources = new JobSourceRepository(prisma);
  const owner = await prisma.apiToken.create({
    data: { name: 'sources-spec', tokenHash: randomUUID().replace(/-/g, '').padEnd(64, '0') },
  });
  ownerId = owner.id;
});
afterAll(() => prisma.$disconnect());

async function newJob(): Promise<string> {
  const id = randomUUID();
  await clients.create({ id, ownerId, type: 'format', fileUrl: 'a.pdf', requestedFormats: ['text'] });
  return id;
}

describe('kept sources and page images (real Postgres)', () => {
  it('keeps a source per job, replaced by a second attempt, gone with the job', async () => {
    const id = await newJob();
    await sources.keep(id, 'application/pdf', Buffer.from('first'), 'ab'.repeat(32));
    await sources.keep(id, 'application/pdf', Buffer.from('second'), 'cd'.repeat(32));
    expect((await sources.bytes(id))?.toString()).toBe('second');
    expect(await sources.pageSource(id, ownerId)).toEqual({
      status: 'CREATED',
      resultMimeType: null,
      keptMimeType: 'application/pdf',
      sha256: 'cd'.repeat(32),
    });
    expect(await sources.pageSource(id, randomUUID())).toBeNull();

    await prisma.job.delete({ where: { id } });
    expect(await sources.bytes(id)).toBeNull();
    // A job deleted before its source was kept keeps nothing.
    await sources.keep(id, 'application/pdf', Buffer.from('late'), 'ef'.repeat(32));
    expect(await prisma.jobSource.count({ where: { jobId: id } })).toBe(0);
  });

  it('caches page images, keeping the newest few per job', async () => {
    const id = await newJob();
    for (const page of [1, 2, 3]) {
      await sources.savePageImage({ jobId: id, key: `p${page}`, mediaType: 'image/png', body: Buffer.from([page]), renderMs: 1 }, 2);
    }
    expect(await sources.pageImage(id, 'p1')).toBeNull();
    expect(await sources.pageImage(id, 'p3')).toEqual({ mediaType: 'image/png', body: Buffer.from([3]) });
    expect(await prisma.jobPageImage.count({ where: { jobId: id } })).toBe(2);
  });
});
