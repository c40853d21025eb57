import { randomUUID } from 'node:crypto';
import { createPrismaClient, type PrismaClient } from '../prisma-client';
import { ClientBatchRepository, type NewBatch } from './client-batch.repository';

let prisma: PrismaClient;
/** A second pool: the endings of the last two jobs run in two transactions at once, as on two workers. */
let other: PrismaClient;
let batches: ClientBatchRepository;
let ownerId: string;

const newOwner = (name: string) => prisma.apiToken.create({ data: { name, tokenHash: randomUUID().replace(/-/g, '').padEnd(64, '0') } });

beforeAll(async () => {
  prisma = createPrismaClient(process.env['DATABASE_URL'] as string);
  other = createPrismaClient(process.env['DATABASE_URL'] as string);
  batches = new ClientBatchRepository(prisma);
  ownerId = (await newOwner('batch-spec')).id;
});
afterAll(() => Promise.all([prisma.$disconnect(), other.$disconnect()]));

function newBatch(files: number, webhookUrl?: string): NewBatch {
  return {
    id: randomUUID(),
    ownerId,
    type: 'format',
    requestedFormats: ['text'],
    jobIds: Array.from({ length: files }, () => randomUUID()),
    fileUrls: Array.from({ length: files }, (_, i) => `https://docs.test/${i}.pdf`),
    uploadIds: Array.from({ length: files }, () => null),
    ...(webhookUrl ? { webhookUrl } : {}),
  };
}

/** Ends a job as the worker does: one conditional UPDATE, in its own transaction. */
const complete = (client: PrismaClient, id: string) =>
  client.$executeRaw`UPDATE jobs SET status = 'COMPLETED', completed_at = now() WHERE id = ${id}::uuid AND status IN ('CREATED', 'IN_PROGRESS')`;

describe('ClientBatchRepository (real Postgres)', () => {
  it('saves the batch and its jobs in the order of the files, and counts them by status', async () => {
    const batch = newBatch(3);
    const rows = await batches.create(batch);
    expect(rows.map((row) => [row.id, row.fileUrl, row.batchId, row.batchIndex])).toEqual(
      batch.jobIds.map((id, i) => [id, batch.fileUrls[i], batch.id, i]),
    );
    const found = await batches.findForOwner(batch.id, ownerId);
    expect(found).toMatchObject({ total: 3, unfinished: 3, counts: { CREATED: 3 }, completedAt: null, webhookDelivery: null });
    expect(await batches.findForOwner(batch.id, randomUUID())).toBeNull();
  });

  it('saves nothing when one job cannot be saved', async () => {
    const batch = newBatch(2);
    batch.jobIds[1] = batch.jobIds[0] as string;
    await expect(batches.create(batch)).rejects.toThrow();
    expect(await prisma.batch.count({ where: { id: batch.id } })).toBe(0);
  });

  it('pages the jobs by position', async () => {
    const batch = newBatch(5);
    await batches.create(batch);
    const first = await batches.jobsPage(batch.id, -1, 2);
    expect(first.jobs.map((job) => job.batchIndex)).toEqual([0, 1]);
    expect(first.nextAfter).toBe(1);
    const last = await batches.jobsPage(batch.id, 3, 2);
    expect(last).toMatchObject({ jobs: [{ batchIndex: 4 }], nextAfter: null });
  });

  it('makes exactly one delivery when the last two jobs end at the same time in two transactions', async () => {
    for (let round = 0; round < 5; round += 1) {
      const batch = newBatch(3, 'https://hooks.test/batch');
      await batches.create(batch);
      const [a, b, c] = batch.jobIds as [string, string, string];
      await complete(prisma, a);
      expect(await prisma.webhookDelivery.count({ where: { batchId: batch.id } })).toBe(0);
      await Promise.all([complete(prisma, b), complete(other, c)]);
      const deliveries = await prisma.webhookDelivery.findMany({ where: { batchId: batch.id } });
      expect(deliveries).toHaveLength(1);
      expect(deliveries[0]).toMatchObject({ event: 'batch.completed', url: 'https://hooks.test/batch', status: 'PENDING', jobId: null });
      expect(await batches.findForOwner(batch.id, ownerId)).toMatchObject({ unfinished: 0, counts: { COMPLETED: 3 } });
    }
  });

  it('cancels only unfinished jobs, and stops waiting for a job deleted before it ended', async () => {
    const batch = newBatch(3, 'https://hooks.test/batch');
    await batches.create(batch);
    const [a, b, c] = batch.jobIds as [string, string, string];
    await complete(prisma, a);
    await prisma.job.delete({ where: { id: b } });
    expect(await batches.cancel(batch.id, ownerId, 'cancelled')).toEqual([c]);
    expect(await batches.findForOwner(batch.id, ownerId)).toMatchObject({ unfinished: 0, counts: { COMPLETED: 1, FAILED: 1 } });
    expect(await prisma.webhookDelivery.count({ where: { batchId: batch.id } })).toBe(1);
    expect(await batches.cancel(batch.id, ownerId, 'again')).toEqual([]);
    expect(await batches.cancel(batch.id, randomUUID(), 'not mine')).toBeNull();
  });

  it('deletes the batch with its jobs and delivery, answering the jobs that had not ended', async () => {
    const batch = newBatch(2);
    await batches.create(batch);
    await complete(prisma, batch.jobIds[0] as string);
    expect(await batches.delete(batch.id, randomUUID())).toBeNull();
    expect(await batches.delete(batch.id, ownerId)).toEqual([batch.jobIds[1]]);
    expect(await prisma.job.count({ where: { batchId: batch.id } })).toBe(0);
    expect(await batches.delete(batch.id, ownerId)).toBeNull();
  });

  it('deletes a batch while a worker is ending one of its jobs, without a deadlock', async () => {
    const batch = newBatch(2);
    await batches.create(batch);
    const [ending, running] = batch.jobIds as [string, string];
    let deleted: Promise<string[] | null> | undefined;
    // The worker's transaction holds the job's row when the delete comes, then ends the job (its trigger counts the batch down).
    await other.$transaction(async (tx) => {
      await tx.$queryRaw`SELECT id FROM jobs WHERE id = ${ending}::uuid FOR UPDATE`;
      deleted = batches.delete(batch.id, ownerId);
      await new Promise((resolve) => setTimeout(resolve, 300));
      await tx.$executeRaw`UPDATE jobs SET status = 'COMPLETED', completed_at = now() WHERE id = ${ending}::uuid`;
    });
    expect(await deleted).toEqual([running]);
    expect(await prisma.job.count({ where: { batchId: batch.id } })).toBe(0);
  });
});
