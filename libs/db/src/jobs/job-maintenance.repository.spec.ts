import { randomUUID } from 'node:crypto';
import { createPrismaClient, type PrismaClient } from '../prisma-client';
import { JobMaintenanceRepository } from './job-maintenance.repository';
import { JobProcessingRepository } from './job-processing.repository';

let prisma: PrismaClient;
let jobs: JobMaintenanceRepository;
/** Moves jobs on as the worker does, for the sweep to find. */
let worker: JobProcessingRepository;
let ownerId: string;

beforeAll(async () => {
  prisma = createPrismaClient(process.env['DATABASE_URL'] as string);
  jobs = new JobMaintenanceRepository(prisma);
  worker = new JobProcessingRepository(prisma);
  ownerId = (await prisma.apiToken.create({ data: { name: 'sweep-spec', tokenHash: randomUUID().replace(/-/g, '').padEnd(64, '0') } })).id;
});
afterAll(() => prisma.$disconnect());

/** A CREATED job, written as the API writes it. */
async function newJob(): Promise<string> {
  const { id } = await prisma.job.create({
    data: { id: randomUUID(), ownerId, type: 'format', fileUrl: 'https://docs.test/a.pdf', requestedFormats: ['text'] },
  });
  return id;
}

describe('JobMaintenanceRepository: jobs as the sweep keeps them (real Postgres)', () => {
  it('lists IN_PROGRESS jobs and CREATED jobs older than the cut-off', async () => {
    const fresh = await newJob();
    const old = await newJob();
    await prisma.job.update({ where: { id: old }, data: { createdAt: new Date(Date.now() - 60_000) } });
    const running = await newJob();
    await worker.claim(running);
    const finished = await newJob();
    await worker.fail(finished, { code: 'INTERNAL_ERROR', message: 'x' });

    const listed = await jobs.findUnfinished(new Date(Date.now() - 5000), 10_000);
    const ids = listed.map((j) => j.id);
    expect(ids).toEqual(expect.arrayContaining([old, running]));
    expect(ids).not.toContain(fresh);
    expect(ids).not.toContain(finished);
    expect(listed.find((j) => j.id === running)).toEqual({ id: running, ownerId, status: 'IN_PROGRESS' });
  });

  it('reads one job again only while it is unfinished (the sweep re-checks before it queues)', async () => {
    const waiting = await newJob();
    const running = await newJob();
    await worker.claim(running);
    const finished = await newJob();
    await worker.fail(finished, { code: 'INTERNAL_ERROR', message: 'x' });

    expect(await jobs.findUnfinishedById(waiting)).toEqual({ id: waiting, ownerId, status: 'CREATED' });
    expect(await jobs.findUnfinishedById(running)).toEqual({ id: running, ownerId, status: 'IN_PROGRESS' });
    expect(await jobs.findUnfinishedById(finished)).toBeNull();
    expect(await jobs.findUnfinishedById(randomUUID())).toBeNull();
  });

  it('runs work under an advisory lock, and refuses at once while another transaction holds it', async () => {
    const key = 424242;
    await expect(jobs.withExclusiveLock(key, 5000, async () => 'ran')).resolves.toEqual({ acquired: true, value: 'ran' });

    const nested = await jobs.withExclusiveLock(key, 5000, () => jobs.withExclusiveLock(key, 5000, async () => 'inner'));
    expect(nested).toEqual({ acquired: true, value: { acquired: false } });
  });
});
