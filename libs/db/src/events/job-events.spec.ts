import { randomUUID } from 'node:crypto';
import { ClientJobRepository } from '../jobs/client-job.repository';
import { JobProcessingRepository } from '../jobs/job-processing.repository';
import { createPrismaClient, type PrismaClient } from '../prisma-client';
import { JobEvents, type JobEvent } from './job-events';

let prisma: PrismaClient;
let clients: ClientJobRepository;
let worker: JobProcessingRepository;
let ownerId: string;
let events: JobEvents;
const heard: JobEvent[] = [];

const DATABASE_URL = () => process.env['DATABASE_URL'] as string;
const RESULT = { mimeType: 'text/plain', bytes: 1, sha256: 'x', metadata: {}, warnings: [] };

beforeAll(async () => {
  prisma = createPrismaClient(DATABASE_URL());
  clients = new ClientJobRepository(prisma);
  worker = new JobProcessingRepository(prisma);
  ownerId = (await prisma.apiToken.create({ data: { name: 'events-spec', tokenHash: randomUUID().replace(/-/g, '').padEnd(64, '0') } })).id;
  events = new JobEvents(DATABASE_URL());
  await events.start();
  events.subscribe((event) => heard.push(event));
});
afterAll(async () => {
  await events.close();
  await prisma.$disconnect();
});

async function newJob(): Promise<string> {
  const id = randomUUID();
  await clients.create({ id, ownerId, type: 'format', fileUrl: 'https://docs.test/a.txt', requestedFormats: ['text'] });
  return id;
}

describe('JobEvents (real Postgres LISTEN/NOTIFY)', () => {
  it('hears a job that completes, fails or is deleted, and not one that merely starts', async () => {
    const completed = await newJob();
    const failed = await newJob();
    const deleted = await newJob();
    const completing = events.waitFor(completed, 5000);
    await worker.claim(completed);
    await worker.claim(failed);
    await worker.complete(completed, { pages: 1, result: RESULT, outputs: {} });
    expect(await completing).toBe('event');
    const failing = events.waitFor(failed, 5000);
    await worker.fail(failed, { code: 'CORRUPT_DOCUMENT', message: 'bad' });
    expect(await failing).toBe('event');
    const deleting = events.waitFor(deleted, 5000);
    await clients.deleteForOwner(deleted, ownerId);
    expect(await deleting).toBe('event');

    const started = await newJob();
    const quiet = events.waitFor(started, 300);
    await worker.claim(started);
    expect(await quiet).toBe('timeout');
  });

  it('announces only at commit', async () => {
    const id = await newJob();
    await worker.claim(id);
    const waiting = events.waitFor(id, 5000);
    let committed = false;
    await prisma.$transaction(async (tx) => {
      await tx.job.update({ where: { id }, data: { status: 'FAILED', errorCode: 'CANCELLED' } });
      await new Promise((resolve) => setTimeout(resolve, 200));
      // Nothing heard while the transaction is open.
      expect(heard.some((event) => event.kind === 'job' && event.jobId === id)).toBe(false);
      committed = true;
    });
    expect(await waiting).toBe('event');
    expect(committed).toBe(true);
  });

  it('reconnects by itself after its connection is killed, telling listeners to look again', async () => {
    const resynced = new Promise<void>((resolve) => {
      const stop = events.subscribe((event) => {
        if (event.kind === 'resync') {
          stop();
          resolve();
        }
      });
    });
    await prisma.$executeRaw`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'docformat-job-events' AND datname = current_database()`;
    await resynced;
    // Listening again: a later event is heard.
    const deadline = Date.now() + 10_000;
    while (!events.listening && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(events.listening).toBe(true);
    const id = await newJob();
    const waiting = events.waitFor(id, 5000);
    await clients.cancel(id, ownerId, 'cancelled');
    expect(await waiting).toBe('event');
  });

  it("hears a running job's progress on its own kind of event, ending only the waits that ask for it", async () => {
    const id = await newJob();
    await worker.claim(id);
    const plain = events.waitFor(id, 600);
    const asking = events.waitFor(id, 5000, undefined, { progress: true });
    await worker.recordProgress(id, 3, 10);
    expect(await asking).toBe('progress');
    expect(await plain).toBe('timeout');
    expect(heard).toContainEqual({ kind: 'progress', jobId: id });
    expect(heard).not.toContainEqual({ kind: 'job', jobId: id });

    // The end is still the end, for both kinds of wait.
    const ending = events.waitFor(id, 5000, undefined, { progress: true });
    await worker.complete(id, { pages: 10, result: RESULT, outputs: {} });
    expect(await ending).toBe('event');
  });

  it('ends a wait early when its signal aborts', async () => {
    const controller = new AbortController();
    const waiting = events.waitFor(randomUUID(), 10_000, controller.signal);
    controller.abort();
    expect(await waiting).toBe('aborted');
  });
});
