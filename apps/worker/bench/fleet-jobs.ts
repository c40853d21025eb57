import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { basename } from 'node:path';
import { createPrismaClient, type PrismaClient } from '@docformat/db';
import { JobQueue, createRedisConnection } from '@docformat/queue';
import { prepareTestDatabase, type ScriptRun, sleep, type TestEnvironment, testEnvironment } from '@docformat/testing';

/**
 * What the benchmarks that drive built workers directly (bench:big-pdf, bench:fleet)
 * share: their own database and queue, jobs inserted and queued as the API would, and
 * a loopback origin serving the documents.
 */

export interface BenchQueue {
  env: TestEnvironment;
  prisma: PrismaClient;
  queue: JobQueue;
  /** The client every job belongs to. */
  ownerId: string;
}

/** The migrated database `<base>_test_<project>` emptied of jobs, its queue, and a client; closed by the run's cleanups. */
export async function openBenchQueue(project: string, run: ScriptRun): Promise<BenchQueue> {
  const env = testEnvironment(project);
  await prepareTestDatabase(project);
  const prisma = createPrismaClient(env.databaseUrl, 2);
  const redis = createRedisConnection(env.redisUrl, 'producer');
  const queue = new JobQueue(redis, { prefix: env.queuePrefix, maxAttempts: 1 });
  run.cleanups.push(async () => {
    await queue.close();
    redis.disconnect();
    await prisma.$disconnect();
  });
  await prisma.job.deleteMany({});
  const owner = await prisma.apiToken.create({
    data: { name: `bench-${project}`, tokenHash: randomUUID().replace(/-/g, '').padEnd(64, '0') },
  });
  return { env, prisma, queue, ownerId: owner.id };
}

export interface FinishedJob {
  /** From the worker's claim to completion. */
  seconds: number;
  /** From the job's creation to completion: what the client waits, queue included. */
  wallSeconds: number;
  pages: number;
  outputs: Map<string, string>;
}

/** Jobs of one document inserted and queued as the API would, and waited for in Postgres. */
export class BenchJobs {
  constructor(
    private readonly bench: BenchQueue,
    private readonly url: string,
    private readonly formats: string[],
    private readonly timeoutMs: number,
  ) {}

  async submit(options: Record<string, unknown>): Promise<string> {
    const id = randomUUID();
    const { prisma, queue, ownerId } = this.bench;
    await prisma.job.create({
      data: { id, ownerId, type: 'format', fileUrl: this.url, requestedFormats: this.formats, options: { cache: false, ...options } },
    });
    await queue.enqueueConversion(id, 5000, { ownerId });
    return id;
  }

  /** Waits for the job to end; answers its times, pages and outputs, or throws its failure. */
  async finished(id: string): Promise<FinishedJob> {
    for (const deadline = Date.now() + this.timeoutMs; Date.now() < deadline; await sleep(100)) {
      const job = await this.bench.prisma.job.findUniqueOrThrow({ where: { id }, include: { outputs: true } });
      if (job.status === 'FAILED') throw new Error(`job ${id} failed: ${job.errorCode} ${job.errorMessage}`);
      if (job.status !== 'COMPLETED') continue;
      const completed = job.completedAt?.getTime() ?? 0;
      return {
        seconds: (completed - (job.startedAt?.getTime() ?? 0)) / 1000,
        wallSeconds: (completed - job.createdAt.getTime()) / 1000,
        pages: job.pages,
        outputs: new Map(job.outputs.map((output) => [output.format, output.content ?? JSON.stringify(output.json)])),
      };
    }
    throw new Error(`job ${id} did not finish within ${this.timeoutMs / 60_000} minutes`);
  }
}

/** Serves each file at /<its name> on 127.0.0.1, read once; closed by the run's cleanups. */
export function serveFiles(files: readonly string[], run: ScriptRun): Promise<{ server: Server; url: (file: string) => string }> {
  const bodies = new Map(files.map((file) => [`/${basename(file)}`, readFileSync(file)]));
  const server = createServer((request, response) => {
    const body = bodies.get(request.url ?? '');
    if (body) response.writeHead(200, { 'content-type': 'application/pdf' }).end(body);
    else response.writeHead(404).end();
  });
  run.cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ server, url: (file) => `http://127.0.0.1:${port}/${basename(file)}` });
    }),
  );
}
