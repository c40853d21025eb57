import { randomUUID } from 'node:crypto';
import { ClientJobRepository } from '../jobs/client-job.repository';
import { JobProcessingRepository } from '../jobs/job-processing.repository';
import { createPrismaClient, type PrismaClient } from '../prisma-client';
import { JobSplitRepository, type NewSplit } from './job-split.repository';

let prisma: PrismaClient;
let splits: JobSplitRepository;
let jobs: JobProcessingRepository;
let clients: ClientJobRepository;

beforeAll(async () => {
  prisma = createPrismaClient(process.env['DATABASE_URL'] as string);
  splits = new JobSplitRepository(prisma);
  jobs = new JobProcessingRepository(prisma);
  clients = new ClientJobRepository(prisma);
});
afterAll(() => prisma.$disconnect());

async function newOwner(): Promise<string> {
  return (await prisma.apiToken.create({ data: { name: 'splits-spec', tokenHash: randomUUID().replace(/-/g, '').padEnd(64, '0') } })).id;
}

/** A claimed (IN_PROGRESS) job of `ownerId`. */
async function runningJob(ownerId: string): Promise<string> {
  const id = randomUUID();
  await clients.create({
    id,
    ownerId,
    type: 'format',
    fileUrl: 'https://docs.test/long.pdf',
    requestedFormats: ['text'],
  });
  await jobs.claim(id);
  return id;
}

const split = (parts: number[][]): NewSplit => ({
  plan: { parts },
  source: {
    mimeType: 'application/pdf',
    bytes: 3,
    sha256: 'ab'.repeat(32),
    cacheKey: { sourceSha256: 'ab'.repeat(32), conversionKey: 'k' },
  },
  document: Buffer.from('%PD'),
  converterVersion: 'v1',
  pages: parts.flat().length,
});

describe('JobSplitRepository: a long document split into page ranges (real Postgres)', () => {
  it('keeps the split once, its first range running, and the job at 0 of its pages', async () => {
    const id = await runningJob(await newOwner());
    expect(await splits.create(id, split([[1, 2], [3, 4], [5]]))).toBe(true);
    expect(await splits.create(id, split([[1, 2, 3, 4, 5]]))).toBe(false);
    const found = await splits.find(id);
    expect(found).toMatchObject({ plan: { parts: [[1, 2], [3, 4], [5]] }, converterVersion: 'v1', round: 1 });
    expect(found?.ranges).toEqual([
      { idx: 0, status: 'RUNNING' },
      { idx: 1, status: 'PENDING' },
      { idx: 2, status: 'PENDING' },
    ]);
    expect((await splits.document(id))?.toString()).toBe('%PD');
    expect(await prisma.job.findUnique({ where: { id }, select: { pagesTotal: true, pagesDone: true } })).toEqual({
      pagesTotal: 5,
      pagesDone: 0,
    });
    // Its entry delivered again is handed the job as it is, with no attempt counted.
    expect(await jobs.claimDelivery(id, 3)).toMatchObject({ split: true, job: { id, attempts: 1 } });
    expect(await jobs.claimDelivery(id, 3)).toMatchObject({ split: true, job: { id, attempts: 1 } });
  });

  it('claims a range, counts its parts into the progress, and assembles only once every part is in', async () => {
    const id = await runningJob(await newOwner());
    await splits.create(id, split([[1, 2], [3]]));
    expect(await splits.parts(id)).toBeNull();
    expect(await splits.complete(id, 0, new Uint8Array([1]))).toBe(true);
    expect(await splits.complete(id, 0, new Uint8Array([9]))).toBe(false);
    const claim = await splits.claim(id, 1, 3, 8);
    expect(claim).toMatchObject({ outcome: 'claimed', pages: [3], attempts: 1, hasWebhook: false });
    await splits.release(id, 1, { code: 'DOWNLOAD_FAILED', message: 'again' });
    expect(await splits.claim(id, 1, 3, 8)).toMatchObject({ outcome: 'claimed', attempts: 2 });
    expect(await splits.complete(id, 1, new Uint8Array([2, 2]))).toBe(true);
    expect(await splits.claim(id, 1, 3, 8)).toEqual({ outcome: 'done' });
    expect((await splits.parts(id))?.map((part) => [...part])).toEqual([[1], [2, 2]]);
    expect((await prisma.job.findUnique({ where: { id } }))?.pagesDone).toBe(3);
    expect(await splits.claimAssembly(id, 2)).toBe(1);
    expect(await splits.claimAssembly(id, 2)).toBe(2);
    expect(await splits.claimAssembly(id, 2)).toBeNull();
  });

  it('gives up a range out of attempts with its last error', async () => {
    const id = await runningJob(await newOwner());
    await splits.create(id, split([[1], [2]]));
    await splits.claim(id, 1, 1, 8);
    await splits.release(id, 1, { code: 'DOWNLOAD_FAILED', message: 'the origin went away' });
    expect(await splits.claim(id, 1, 1, 8)).toMatchObject({
      outcome: 'exhausted',
      attempts: 1,
      error: { code: 'DOWNLOAD_FAILED', message: 'the origin went away' },
    });
  });

  it("keeps a client's running ranges under its cap, across its jobs, a range's own earlier claim aside", async () => {
    const owner = await newOwner();
    const first = await runningJob(owner);
    const second = await runningJob(owner);
    await splits.create(first, split([[1], [2], [3]]));
    await splits.create(second, split([[1], [2]]));
    // Running: each job's range 0 (its planner's), and now first's range 1: the cap of 3.
    expect(await splits.claim(first, 1, 3, 3)).toMatchObject({ outcome: 'claimed' });
    expect(await splits.claim(first, 2, 3, 3)).toEqual({ outcome: 'capped' });
    expect(await splits.claim(second, 1, 3, 3)).toEqual({ outcome: 'capped' });
    // A range taken over after its worker was lost is still RUNNING: it does not count against itself.
    expect(await splits.claim(first, 1, 3, 3)).toMatchObject({ outcome: 'claimed', attempts: 2 });
    // Another client is not held back.
    const other = await runningJob(await newOwner());
    await splits.create(other, split([[1], [2]]));
    expect(await splits.claim(other, 1, 3, 3)).toMatchObject({ outcome: 'claimed' });
    // Pending ranges, for fair scheduling: first's range 2 and second's range 1, of `owner`.
    expect((await splits.pendingByOwner()).get(owner)).toBe(2);
  });

  it('starts a new round, and drops the split with its parts when the job ends', async () => {
    const id = await runningJob(await newOwner());
    await splits.create(id, split([[1], [2]]));
    expect(await splits.nextRound(id)).toBe(2);
    await splits.complete(id, 0, new Uint8Array([1]));
    expect(await jobs.fail(id, { code: 'CANCELLED', message: 'The job was cancelled by its client.' })).toBe(true);
    expect(await splits.find(id)).toBeNull();
    expect(await prisma.jobRange.count({ where: { jobId: id } })).toBe(0);
    expect(await splits.claim(id, 1, 3, 8)).toEqual({ outcome: 'ended' });
    expect(await jobs.claimDelivery(id, 3)).toBeNull();
  });

  it('forgets a split of another converter version', async () => {
    const id = await runningJob(await newOwner());
    await splits.create(id, split([[1], [2]]));
    await splits.discard(id);
    expect(await splits.find(id)).toBeNull();
    expect(await splits.create(id, split([[1, 2]]))).toBe(true);
  });
});
