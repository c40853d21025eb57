import type { AppConfig } from '@docformat/config';
import type { INestApplicationContext } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { SWEEP_LOCK_KEY, SweepService } from '../src/sweep/sweep.service';
import { fixture } from './support/fixtures';
import { filePrefix, startTestClient, startWorker, testConfig, type TestClient } from './support/harness';
import { startOrigin, type OriginServer } from './support/origin-server';

let config: AppConfig;
let origin: OriginServer;
let client: TestClient;
let worker: INestApplicationContext | undefined;
/** Jobs that were waiting in Redis when it lost its data. */
const lost: string[] = [];

beforeAll(async () => {
  config = testConfig({ QUEUE_PREFIX: filePrefix('sweep'), SWEEP_INTERVAL_MS: '500' });
  origin = await startOrigin();
  origin.route('/handbook.pdf', { body: fixture('sample.pdf'), contentType: 'application/pdf' });
  origin.route('/handbook.md', { body: fixture('sample.md'), contentType: 'text/markdown' });
  origin.route('/notes.txt', { body: 'Recovered by the sweep.', contentType: 'text/plain' });
  client = await startTestClient(config);

  // No worker yet: three jobs wait in the queue, a fourth was being worked on by a
  // worker that died. Then Redis loses every key of this queue.
  for (const path of ['/handbook.pdf', '/handbook.md', '/notes.txt']) lost.push(await client.submit(origin.url(path)));
  const running = await client.submit(origin.url('/notes.txt'));
  await client.prisma.job.update({ where: { id: running }, data: { status: 'IN_PROGRESS', attempts: 1, startedAt: new Date() } });
  lost.push(running);
  expect(await client.flushQueueKeys()).toBeGreaterThan(0);
  for (const id of lost) expect(await client.queue.state(id)).toBe('unknown');
  // CREATED rows younger than a few seconds may still be on their way into the queue.
  await client.prisma.$executeRaw`UPDATE jobs SET created_at = now() - interval '1 minute'`;

  worker = await startWorker(config);
});

afterAll(async () => {
  await worker?.close();
  await client?.close();
  await origin?.close();
});

describe('the sweep', () => {
  it('re-enqueues every job Redis lost, and each one completes', async () => {
    for (const id of lost) {
      const job = await client.waitForTerminal(id, 15_000);
      expect(job.status).toBe('COMPLETED');
    }
    const attempts = await client.prisma.job.findMany({ where: { id: { in: lost } }, select: { id: true, attempts: true } });
    expect(Object.fromEntries(attempts.map((j) => [j.id, j.attempts]))).toEqual({
      [lost[0] as string]: 1,
      [lost[1] as string]: 1,
      [lost[2] as string]: 1,
      [lost[3] as string]: 2,
    });
  });

  it('enqueues a job the API saved but could not enqueue', async () => {
    const id = await client.insertJob(origin.url('/notes.txt'));
    await client.prisma.job.update({ where: { id }, data: { createdAt: new Date(Date.now() - 60_000) } });
    const job = await client.waitForTerminal(id, 10_000);
    expect(job.status).toBe('COMPLETED');
  });

  it('replaces a finished queue entry whose job is not finished', async () => {
    const id = await client.submit(origin.url('/notes.txt'));
    await client.waitForTerminal(id);
    // The queue says done, the database says running (e.g. BullMQ gave up on a stalled job).
    await client.prisma.jobOutput.deleteMany({ where: { jobId: id } });
    await client.prisma.job.update({ where: { id }, data: { status: 'IN_PROGRESS', completedAt: null, result: undefined } });
    expect(await client.queue.state(id)).toBe('completed');

    const job = await client.waitForJob(id, 'completed again', (j) => j.status === 'COMPLETED' && j.attempts === 2, 10_000);
    expect(job.outputs).toHaveLength(2);
  });

  it('leaves jobs alone whose queue entries will still run', async () => {
    const id = await client.insertJob(origin.url('/notes.txt'));
    await client.prisma.job.update({ where: { id }, data: { createdAt: new Date(Date.now() - 60_000) } });
    await client.queue.enqueueConversion(id, 2000, { delayMs: 60_000 });

    // This worker sweeps every 500 ms: a sweep started here may find the lock taken by that one.
    let report = await sweep().sweepOnce();
    for (const until = Date.now() + 10_000; report === null && Date.now() < until;) report = await sweep().sweepOnce();
    expect(report).not.toBeNull();
    expect(await client.queue.state(id)).toBe('delayed');
    expect((await client.prisma.job.findUniqueOrThrow({ where: { id } })).status).toBe('CREATED');
    await client.queue.remove(id);
    await client.prisma.job.delete({ where: { id } });
  });

  it('deletes uploads that never became a job once they are an hour old, and no other', async () => {
    const upload = async (ageMinutes: number, complete: boolean) => {
      const id = randomUUID();
      await client.prisma.upload.create({
        data: {
          id,
          ownerId: client.ownerId,
          fileName: 'a.txt',
          complete,
          createdAt: new Date(Date.now() - ageMinutes * 60_000),
          chunks: { create: [{ seq: 0, data: Buffer.from('a') }] },
        },
      });
      return id;
    };
    const abandoned = await upload(61, false);
    const refused = await upload(90, true);
    const recent = await upload(5, false);
    // Made young and aged only once its job holds it: this worker's own sweep runs meanwhile.
    const inUse = await upload(0, true);
    const job = await client.insertJob('a.txt', ['text']);
    // Created "in the future": the sweep leaves a young CREATED row alone, so no worker takes it meanwhile.
    await client.prisma.job.update({ where: { id: job }, data: { uploadId: inUse, createdAt: new Date(Date.now() + 3_600_000) } });
    await client.prisma.upload.update({ where: { id: inUse }, data: { createdAt: new Date(Date.now() - 120 * 60_000) } });

    // This worker sweeps every 500 ms; a sweep started here may find the lock taken by that one.
    const left = async () =>
      (await client.prisma.upload.findMany({ where: { id: { in: [abandoned, refused, recent, inUse] } } })).map((u) => u.id).sort();
    const deadline = Date.now() + 10_000;
    while ((await left()).length > 2 && Date.now() < deadline) await sweep().sweepOnce();
    expect(await left()).toEqual([recent, inUse].sort());
    expect(await client.prisma.uploadChunk.count({ where: { uploadId: { in: [abandoned, refused] } } })).toBe(0);
    await client.prisma.job.delete({ where: { id: job } });
    expect(await client.prisma.upload.findUnique({ where: { id: inUse } })).toBeNull();
    await client.prisma.upload.delete({ where: { id: recent } });
  });

  it('deletes jobs that ended more than JOB_RETENTION_DAYS (30) ago, with their outputs, and keeps the rest', async () => {
    const job = async (status: 'COMPLETED' | 'FAILED' | 'IN_PROGRESS', endedDaysAgo: number) => {
      const id = await client.insertJob('https://example.com/old.txt', ['text']);
      const at = new Date(Date.now() - endedDaysAgo * 24 * 3600 * 1000);
      // The output before the job ends: once it has, this worker's own sweep may delete it at once.
      if (status === 'COMPLETED') await client.prisma.jobOutput.create({ data: { jobId: id, format: 'text', content: 'old' } });
      await client.prisma.job.update({
        where: { id },
        data: { status, completedAt: status === 'IN_PROGRESS' ? null : at, createdAt: new Date(Date.now() + 3_600_000) },
      });
      return id;
    };
    const [expired, expiredFailure, recent, running] = [
      await job('COMPLETED', 31),
      await job('FAILED', 45),
      await job('COMPLETED', 29),
      await job('IN_PROGRESS', 60),
    ];
    const present = async () =>
      (await client.prisma.job.findMany({ where: { id: { in: [expired, expiredFailure, recent, running] } } })).map((j) => j.id).sort();
    const deadline = Date.now() + 10_000;
    while ((await present()).length > 2 && Date.now() < deadline) await sweep().sweepOnce();
    expect(await present()).toEqual([recent, running].sort());
    expect(await client.prisma.jobOutput.count({ where: { jobId: expired } })).toBe(0);
    await client.prisma.job.deleteMany({ where: { id: { in: [recent, running] } } });
  });

  it('does nothing while another worker holds the sweep lock', async () => {
    let id = '';
    const report = await client.prisma.$transaction(async (tx) => {
      // The lock first, then the stranded row: this worker's own timer cannot take it either.
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(${SWEEP_LOCK_KEY}::bigint)`;
      id = await client.insertJob(origin.url('/notes.txt'));
      await client.prisma.job.update({ where: { id }, data: { createdAt: new Date(Date.now() - 60_000) } });
      const result = await sweep().sweepOnce();
      expect(await client.queue.state(id)).toBe('unknown');
      return result;
    });
    expect(report).toBeNull();
    // Once the lock is free the next sweep picks it up.
    expect((await client.waitForTerminal(id, 10_000)).status).toBe('COMPLETED');
  });
});

function sweep(): SweepService {
  return (worker as INestApplicationContext).get(SweepService);
}
