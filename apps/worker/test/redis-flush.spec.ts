import type { AppConfig } from '@docformat/config';
import { queueOwnerKey } from '@docformat/queue';
import { spawnWorker, isEvent, type ChildWorker } from './support/child-worker';
import { filePrefix, startTestClient, testConfig, type TestClient } from './support/harness';
import { startOrigin, type OriginServer } from './support/origin-server';

/** Log levels that mean someone should act (pino writes level labels). */
const ALARMING = ['error', 'fatal'];

let config: AppConfig;
let origin: OriginServer;
let client: TestClient;
let child: ChildWorker | undefined;

beforeAll(async () => {
  config = testConfig({ QUEUE_PREFIX: filePrefix('flush'), SWEEP_INTERVAL_MS: '1000' });
  origin = await startOrigin();
  // Long enough to flush Redis while the job is running.
  origin.route('/slow.txt', { body: 'Written while Redis forgot the job.', contentType: 'text/plain', delayMs: 3000 });
  client = await startTestClient(config);
});

afterAll(async () => {
  await child?.stop();
  await client?.close();
  await origin?.close();
});

describe('Redis losing its data while a job runs', () => {
  it('completes the job in Postgres and logs the lost queue entry as a warning, not an error', async () => {
    child = spawnWorker({
      QUEUE_PREFIX: config.QUEUE_PREFIX,
      FETCH_ALLOW_PRIVATE: 'true',
      SWEEP_INTERVAL_MS: '1000',
      WORKER_CONCURRENCY: '1',
    });
    await child.waitForLog(isEvent('worker.started'), 'worker.started');
    const id = await client.submit(origin.url('/slow.txt'));
    await child.waitForLog(isEvent('job.started', id), 'job.started');

    // What FLUSHALL does to this deployment, without touching anyone else's keys on the shared Redis.
    expect(await client.flushQueueKeys()).toBeGreaterThan(0);

    const job = await client.waitForTerminal(id, 15_000);
    expect(job).toMatchObject({ status: 'COMPLETED', attempts: 1 });
    expect(job.outputs).toHaveLength(2);

    const lost = await child.waitForLog(isEvent('job.queue_entry_lost', id), 'job.queue_entry_lost');
    expect(lost).toMatchObject({ level: 'warn', operation: 'moveToFinished' });
    expect(String(lost['detail'])).toMatch(/sweep re-queues it/);
    // The sweep writes the prefix's owner record back.
    await child.waitForLog(isEvent('queue.prefix_owned'), 'queue.prefix_owned', 5000);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await client.redis.get(queueOwnerKey(config.QUEUE_PREFIX))).not.toBeNull();
    expect(child.logs.filter((line) => ALARMING.includes(String(line['level'])))).toEqual([]);
  });
});
