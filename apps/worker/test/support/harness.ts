import { loadConfig, type AppConfig } from '@docformat/config';
import type { FormatOptions } from '@docformat/contracts';
import { createPrismaClient, type PrismaClient } from '@docformat/db';
import { createRedisConnection, JobQueue } from '@docformat/queue';
import { RUN_TYPESCRIPT } from '@docformat/testing/typescript';
import type { INestApplicationContext } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { createWorkerApp } from '../../src/worker.factory';
import { startOrigin, type OriginServer } from './origin-server';
import type { WorkerOptions } from '../../src/worker.module';

/** Conversion threads of an in-process worker run the TypeScript sources. */
export const THREAD_EXEC_ARGV = RUN_TYPESCRIPT;

/** Test defaults: a small, quick worker. Each file passes its own QUEUE_PREFIX. */
export function testConfig(env: NodeJS.ProcessEnv = {}): AppConfig {
  return loadConfig({
    ...process.env,
    WORKER_CONCURRENCY: '2',
    FETCH_ALLOW_PRIVATE: 'true',
    FETCH_TIMEOUT_MS: '5000',
    SWEEP_INTERVAL_MS: '3600000',
    JOB_LOCK_MS: '5000',
    SHUTDOWN_GRACE_MS: '10000',
    ...env,
  });
}

/** A queue prefix of this test file's own, so files never see each other's entries. */
export function filePrefix(name: string): string {
  return `${process.env['QUEUE_PREFIX']}-${name}`;
}

/**
 * Boots the real worker module in this process. Its conversion threads compile the
 * TypeScript sources (RUN_TYPESCRIPT), and get Jest's process.env.
 */
export async function startWorker(config: AppConfig, options: WorkerOptions = {}): Promise<INestApplicationContext> {
  return createWorkerApp(config, { thread: { execArgv: THREAD_EXEC_ARGV, env: process.env, ...options.thread } });
}

export interface TestClient {
  prisma: PrismaClient;
  redis: Redis;
  queue: JobQueue;
  prefix: string;
  ownerId: string;
  /** Inserts a job row as the API would (status CREATED). */
  insertJob(url: string, formats?: string[], options?: FormatOptions): Promise<string>;
  /** Inserts and enqueues, as the API does. */
  submit(url: string, formats?: string[], options?: FormatOptions): Promise<string>;
  waitForStatus(id: string, statuses: string[], timeoutMs?: number): Promise<JobSnapshot>;
  waitForTerminal(id: string, timeoutMs?: number): Promise<JobSnapshot>;
  waitForJob(id: string, what: string, predicate: (job: JobSnapshot) => boolean, timeoutMs?: number): Promise<JobSnapshot>;
  /** Deletes this prefix's Redis keys (never anything else on the shared server). */
  flushQueueKeys(): Promise<number>;
  close(): Promise<void>;
}

export type JobSnapshot = NonNullable<Awaited<ReturnType<typeof loadJob>>>;

function loadJob(prisma: PrismaClient, id: string) {
  return prisma.job.findUnique({ where: { id }, include: { outputs: { orderBy: { format: 'asc' } } } });
}

/**
 * The test's side of the system: Postgres rows and queue entries, made directly.
 * Starts from an empty jobs table (test files run one at a time; see jest.config.js).
 */
export async function startTestClient(config: AppConfig): Promise<TestClient> {
  const prisma = createPrismaClient(config.DATABASE_URL, 3);
  const redis = createRedisConnection(config.REDIS_URL, 'producer');
  const queue = new JobQueue(redis, { prefix: config.QUEUE_PREFIX, maxAttempts: config.JOB_MAX_ATTEMPTS });
  await prisma.job.deleteMany({});
  const owner = await prisma.apiToken.create({
    data: { name: 'worker-test', tokenHash: randomUUID().replace(/-/g, '').padEnd(64, '0') },
  });

  const insertJob = async (url: string, formats = ['text', 'markdown'], options?: FormatOptions) => {
    const id = randomUUID();
    await prisma.job.create({
      data: {
        id,
        ownerId: owner.id,
        type: 'format',
        fileUrl: url,
        requestedFormats: formats,
        ...(options ? { options: { ...options } } : {}),
      },
    });
    return id;
  };

  const waitForJob = async (id: string, what: string, predicate: (job: JobSnapshot) => boolean, timeoutMs = 20_000) => {
    const deadline = Date.now() + timeoutMs;
    let last: JobSnapshot | null = null;
    while (Date.now() < deadline) {
      last = await loadJob(prisma, id);
      if (last && predicate(last)) return last;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`Job ${id} was not ${what} within ${timeoutMs} ms (last: ${last?.status ?? 'missing'})`);
  };
  const waitForStatus = (id: string, statuses: string[], timeoutMs?: number) =>
    waitForJob(id, statuses.join('/'), (job) => statuses.includes(job.status), timeoutMs);

  return {
    prisma,
    redis,
    queue,
    prefix: config.QUEUE_PREFIX,
    ownerId: owner.id,
    insertJob,
    submit: async (url, formats, options) => {
      const id = await insertJob(url, formats, options);
      await queue.enqueueConversion(id, 2000);
      return id;
    },
    waitForJob,
    waitForStatus,
    waitForTerminal: (id, timeoutMs) => waitForStatus(id, ['COMPLETED', 'FAILED'], timeoutMs),
    flushQueueKeys: async () => {
      let deleted = 0;
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', `${config.QUEUE_PREFIX}:*`, 'COUNT', 500);
        cursor = next;
        if (keys.length > 0) deleted += await redis.del(...keys);
      } while (cursor !== '0');
      return deleted;
    },
    close: async () => {
      await queue.removeAll().catch(() => undefined);
      await queue.close();
      redis.disconnect();
      await prisma.$disconnect();
    },
  };
}

export interface WorkerSuite {
  readonly config: AppConfig;
  readonly origin: OriginServer;
  readonly client: TestClient;
  readonly worker: INestApplicationContext;
}

/**
 * The usual file set-up: an origin serving `routes`, a test client and an in-process
 * worker with this file's own queue prefix, started before and closed after the file.
 */
export function useWorkerSuite(name: string, routes: (origin: OriginServer) => void, env: NodeJS.ProcessEnv = {}): WorkerSuite {
  const state: Partial<WorkerSuite> = {};
  const started = (): WorkerSuite => {
    if (!state.config || !state.origin || !state.client || !state.worker) throw new Error('The worker suite is not started yet');
    return state as WorkerSuite;
  };
  beforeAll(async () => {
    const config = testConfig({ QUEUE_PREFIX: filePrefix(name), ...env });
    const origin = await startOrigin();
    routes(origin);
    Object.assign(state, { config, origin, client: await startTestClient(config), worker: await startWorker(config) });
  });
  afterAll(async () => {
    await state.worker?.close();
    await state.client?.close();
    await state.origin?.close();
  });
  return {
    get config() {
      return started().config;
    },
    get origin() {
      return started().origin;
    },
    get client() {
      return started().client;
    },
    get worker() {
      return started().worker;
    },
  };
}
