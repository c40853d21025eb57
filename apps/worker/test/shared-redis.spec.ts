import type { AppConfig } from '@docformat/config';
import { createPrismaClient, databaseName, ensureDatabase, runMigrations, withDatabase, type PrismaClient } from '@docformat/db';
import { queueOwnerKey } from '@docformat/queue';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { spawnWorker, isEvent, type ChildWorker } from './support/child-worker';
import { filePrefix, startTestClient, testConfig, type TestClient } from './support/harness';
import { startOrigin, type OriginServer } from './support/origin-server';

const MIGRATIONS_DIR = join(__dirname, '../../../prisma/migrations');

/**
 * Two deployments on one Redis: this test's database and a second one beside it
 * (as `docformat` and `docformat_bench` were), each with its own workers.
 */
let config: AppConfig;
let otherUrl: string;
let origin: OriginServer;
let client: TestClient;
let other: PrismaClient;
const children: ChildWorker[] = [];

function worker(env: NodeJS.ProcessEnv): ChildWorker {
  const child = spawnWorker({ FETCH_ALLOW_PRIVATE: 'true', WORKER_CONCURRENCY: '1', ...env });
  children.push(child);
  return child;
}

/** Inserts and enqueues a job in the second deployment, as its API would. */
async function submitToOther(prefix: string): Promise<string> {
  const owner = await other.apiToken.create({
    data: { name: 'other-deployment', tokenHash: randomUUID().replace(/-/g, '').padEnd(64, '0') },
  });
  const id = randomUUID();
  await other.job.create({
    data: { id, ownerId: owner.id, type: 'format', fileUrl: origin.url('/other.txt'), requestedFormats: ['text'] },
  });
  const { JobQueue, createRedisConnection } = await import('@docformat/queue');
  const redis = createRedisConnection(config.REDIS_URL, 'producer');
  const queue = new JobQueue(redis, { prefix, maxAttempts: 3 });
  try {
    await queue.enqueueConversion(id, 2000);
  } finally {
    await queue.close();
    redis.disconnect();
  }
  return id;
}

beforeAll(async () => {
  config = testConfig({ QUEUE_PREFIX: filePrefix('shared') });
  otherUrl = withDatabase(config.DATABASE_URL, `${databaseName(config.DATABASE_URL)}_other`);
  await ensureDatabase(otherUrl);
  await runMigrations(otherUrl, MIGRATIONS_DIR);
  other = createPrismaClient(otherUrl, 2);
  origin = await startOrigin();
  origin.route('/ours.txt', { body: 'A job of the first deployment.', contentType: 'text/plain' });
  origin.route('/other.txt', { body: 'A job of the second deployment.', contentType: 'text/plain' });
  client = await startTestClient(config);
  await client.queue.ping(5000);
  for (const prefix of [config.QUEUE_PREFIX, `${config.QUEUE_PREFIX}-other`]) await client.redis.del(queueOwnerKey(prefix));
});

afterAll(async () => {
  await Promise.all(children.map((c) => c.stop()));
  for (const prefix of [config.QUEUE_PREFIX, `${config.QUEUE_PREFIX}-other`]) await client?.redis.del(queueOwnerKey(prefix));
  await other?.job.deleteMany({});
  await other?.$disconnect();
  await client?.close();
  await origin?.close();
});

describe('two deployments on one Redis', () => {
  it('refuses to start a worker whose QUEUE_PREFIX belongs to another database, naming both and the fix', async () => {
    const first = worker({ QUEUE_PREFIX: config.QUEUE_PREFIX });
    await first.waitForLog(isEvent('worker.started'), 'worker.started');

    const second = worker({ QUEUE_PREFIX: config.QUEUE_PREFIX, DATABASE_URL: otherUrl });
    const exit = await second.exited;
    expect(exit.code).toBe(1);
    expect(second.logs.find(isEvent('worker.started'))).toBeUndefined();
    const message = second.stderr();
    expect(message).toContain(`"${databaseName(config.DATABASE_URL)}"`);
    expect(message).toContain(`"${databaseName(otherUrl)}"`);
    expect(message).toContain('QUEUE_PREFIX');

    // The first deployment's jobs stay its own.
    const id = await client.submit(origin.url('/ours.txt'));
    expect(await client.waitForTerminal(id)).toMatchObject({ status: 'COMPLETED' });
  });

  it('runs both deployments side by side with different prefixes, each completing its own jobs', async () => {
    const otherPrefix = `${config.QUEUE_PREFIX}-other`;
    const second = worker({ QUEUE_PREFIX: otherPrefix, DATABASE_URL: otherUrl });
    await second.waitForLog(isEvent('worker.started'), 'worker.started');

    const ours = await Promise.all([1, 2, 3].map(() => client.submit(origin.url('/ours.txt'))));
    const theirs = await Promise.all([1, 2, 3].map(() => submitToOther(otherPrefix)));
    for (const id of ours) expect(await client.waitForTerminal(id)).toMatchObject({ status: 'COMPLETED', attempts: 1 });
    for (const id of theirs) {
      const deadline = Date.now() + 20_000;
      let row = await other.job.findUnique({ where: { id } });
      while (row?.status !== 'COMPLETED' && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        row = await other.job.findUnique({ where: { id } });
      }
      expect(row).toMatchObject({ status: 'COMPLETED', attempts: 1 });
    }
    const skipped = children.flatMap((c) => c.logs).filter(isEvent('job.skipped'));
    expect(skipped).toEqual([]);
  });
});
