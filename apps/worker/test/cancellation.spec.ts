import type { AppConfig } from '@docformat/config';
import { ClientJobRepository } from '@docformat/db';
import type { INestApplicationContext } from '@nestjs/common';
import { join } from 'node:path';
import { filePrefix, startTestClient, startWorker, testConfig, type TestClient } from './support/harness';
import { startOrigin, type OriginServer } from './support/origin-server';

let config: AppConfig;
let origin: OriginServer;
let client: TestClient;
let worker: INestApplicationContext;

/** Far beyond anything the test waits for: a conversion stopped early was stopped by the cancellation. */
const TIMEOUT_MS = 60_000;
/**
 * A cancellation reaches a running thread within a second on a quiet machine; the bound
 * is wider because the suite shares two cores with others. What it proves is that the
 * thread was stopped, not that it ran into TIMEOUT_MS.
 */
const STOPPED_WITHIN_MS = 10_000;

beforeAll(async () => {
  config = testConfig({ QUEUE_PREFIX: filePrefix('cancel'), WORKER_CONCURRENCY: '1', CONVERSION_TIMEOUT_MS: String(TIMEOUT_MS) });
  origin = await startOrigin();
  origin.route('/hang.txt', { body: 'This parser never returns @@HANG@@', contentType: 'text/plain' });
  origin.route('/fine.txt', { body: 'A perfectly ordinary note.', contentType: 'text/plain' });
  client = await startTestClient(config);
  worker = await startWorker(config, { thread: { filename: join(__dirname, 'support/unruly.task.ts') } });
});

afterAll(async () => {
  await worker?.close();
  await client?.close();
  await origin?.close();
});

describe('cancelling a running job', () => {
  it(
    'stops its conversion long before its timeout and frees the thread for the next job',
    async () => {
      const id = await client.submit(origin.url('/hang.txt'));
      await client.waitForStatus(id, ['IN_PROGRESS']);
      // Stuck in a synchronous loop: only terminating its thread can stop it.
      await new Promise((resolve) => setTimeout(resolve, 500));

      const cancelledAt = Date.now();
      expect(await new ClientJobRepository(client.prisma).cancel(id, client.ownerId, 'The job was cancelled by its client.')).toBe(
        'cancelled',
      );
      // The delivery ends (its queue entry completes) once the thread is gone.
      let state = await client.queue.state(id);
      while (state !== 'completed' && Date.now() - cancelledAt < STOPPED_WITHIN_MS) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        state = await client.queue.state(id);
      }
      expect(state).toBe('completed');
      const stoppedAfterMs = Date.now() - cancelledAt;
      process.stdout.write(`cancellation: the running conversion stopped ${stoppedAfterMs} ms after the cancel\n`);
      expect(stoppedAfterMs).toBeLessThan(STOPPED_WITHIN_MS);

      const job = await client.prisma.job.findUniqueOrThrow({ where: { id }, include: { outputs: true } });
      expect(job).toMatchObject({ status: 'FAILED', errorCode: 'CANCELLED', attempts: 1, outputs: [] });

      // One thread only: the next job converts, so the cancelled one's thread was freed.
      const next = await client.waitForTerminal(await client.submit(origin.url('/fine.txt')), 30_000);
      expect(next.status).toBe('COMPLETED');
    },
    TIMEOUT_MS,
  );

  it('stops a job deleted while it runs, and writes nothing', async () => {
    const id = await client.submit(origin.url('/hang.txt'));
    await client.waitForStatus(id, ['IN_PROGRESS']);
    await client.prisma.job.delete({ where: { id } });
    const next = await client.waitForTerminal(await client.submit(origin.url('/fine.txt')), 30_000);
    expect(next.status).toBe('COMPLETED');
    expect(await client.prisma.job.findUnique({ where: { id } })).toBeNull();
    expect(await client.prisma.jobOutput.count({ where: { jobId: id } })).toBe(0);
  }, 45_000);
});
