import type { AppConfig } from '@docformat/config';
import type { INestApplicationContext } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { filePrefix, startTestClient, startWorker, testConfig, type TestClient } from './support/harness';
import { startOrigin, type OriginServer } from './support/origin-server';

/**
 * Fair scheduling, measured: client A has 2,000 one-page jobs queued when client B
 * submits one. B's job must not wait for A's backlog: it may wait behind a few of A's
 * (those already running, and the one queued at its own priority), not behind hundreds.
 */
const A_JOBS = 2000;

let config: AppConfig;
let origin: OriginServer;
let client: TestClient;
let worker: INestApplicationContext | undefined;

beforeAll(async () => {
  config = testConfig({ QUEUE_PREFIX: filePrefix('fair'), WORKER_CONCURRENCY: '2' });
  origin = await startOrigin();
  origin.route('/page.txt', { body: 'One page of plain text.', contentType: 'text/plain' });
  client = await startTestClient(config);
});
// Closing the worker waits for the jobs it is running and its start-up sweep, which reads
// the 2,000 waiting rows: seconds alone, but past Jest's 30 s for a hook twice in a full
// run on the 2-core machine, after which the still-open worker ran into the next file.
const CLOSE_TIMEOUT_MS = 120_000;
afterAll(async () => {
  await worker?.close();
  await client?.close();
  await origin?.close();
}, CLOSE_TIMEOUT_MS);

async function ownerNamed(name: string): Promise<string> {
  return (await client.prisma.apiToken.create({ data: { name, tokenHash: randomUUID().replace(/-/g, '').padEnd(64, '1') } })).id;
}

describe('fair scheduling between clients', () => {
  it("lets a client with one job go ahead of another client's 2,000 queued jobs", async () => {
    const [a, b] = [await ownerNamed('client-a'), await ownerNamed('client-b')];
    const url = origin.url('/page.txt');
    const aJobs = Array.from({ length: A_JOBS }, () => randomUUID());
    await client.prisma.job.createMany({
      data: aJobs.map((id) => ({ id, ownerId: a, type: 'format' as const, fileUrl: url, requestedFormats: ['text'] })),
    });
    // Queued as the API queues them: in batches, each with its client's place.
    for (let i = 0; i < aJobs.length; i += 100) {
      await Promise.all(aJobs.slice(i, i + 100).map((id) => client.queue.enqueueConversion(id, 10_000, { ownerId: a })));
    }
    const bJob = randomUUID();
    await client.prisma.job.create({ data: { id: bJob, ownerId: b, type: 'format', fileUrl: url, requestedFormats: ['text'] } });
    await client.queue.enqueueConversion(bJob, 2000, { ownerId: b });

    worker = await startWorker(config);
    const done = await client.waitForTerminal(bJob, 60_000);
    expect(done.status).toBe('COMPLETED');
    const aheadOfB = await client.prisma.job.count({ where: { ownerId: a, startedAt: { lte: done.startedAt as Date } } });
    process.stdout.write(`fairness: client B's job started after ${aheadOfB} of client A's ${A_JOBS} queued jobs\n`);
    // Two threads running A's first jobs, and A's job at priority 1 queued before B's.
    expect(aheadOfB).toBeLessThanOrEqual(4);
  }, 120_000);
});
