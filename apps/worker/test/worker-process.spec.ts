import type { AppConfig } from '@docformat/config';
import type { INestApplicationContext } from '@nestjs/common';
import { spawnWorker, isEvent, type ChildWorker } from './support/child-worker';
import { filePrefix, startTestClient, startWorker, testConfig, type TestClient } from './support/harness';
import { startOrigin, type OriginServer } from './support/origin-server';

// Short locks so a dead worker's job is noticed within seconds.
const env = { JOB_LOCK_MS: '2000', FETCH_TIMEOUT_MS: '20000', WORKER_CONCURRENCY: '1' };

let config: AppConfig;
let origin: OriginServer;
let client: TestClient;
const children: ChildWorker[] = [];
const workers: INestApplicationContext[] = [];

/** The first request for a path hangs for `firstDelayMs`; later ones answer at once. */
function slowFirstTime(path: string, firstDelayMs: number, body: string): void {
  origin.route(path, (_req, res, hit) => {
    const answer = () => res.writeHead(200, { 'content-type': 'text/plain' }).end(body);
    if (hit !== 1) return answer();
    const timer = setTimeout(answer, firstDelayMs);
    res.on('close', () => clearTimeout(timer));
  });
}

function childEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return { ...env, QUEUE_PREFIX: config.QUEUE_PREFIX, FETCH_ALLOW_PRIVATE: 'true', ...extra };
}

beforeAll(async () => {
  config = testConfig({ QUEUE_PREFIX: filePrefix('process'), ...env });
  origin = await startOrigin();
  client = await startTestClient(config);
});

afterAll(async () => {
  await Promise.all(children.map((c) => c.stop()));
  await Promise.all(workers.map((w) => w.close()));
  await client?.close();
  await origin?.close();
});

async function runningChild(extra?: NodeJS.ProcessEnv): Promise<ChildWorker> {
  const child = spawnWorker(childEnv(extra));
  children.push(child);
  await child.waitForLog(isEvent('worker.started'), 'worker.started');
  return child;
}

describe('a worker process', () => {
  it('that is killed mid-job leaves the job to another worker, which completes it', async () => {
    slowFirstTime('/slow-kill.txt', 30_000, 'Finished by the second worker.');
    const child = await runningChild();
    const id = await client.submit(origin.url('/slow-kill.txt'));
    await child.waitForLog(isEvent('job.started', id), 'job.started');
    await waitUntil(() => origin.hits('/slow-kill.txt') === 1, 'the download to start');

    child.child.kill('SIGKILL');
    expect((await child.exited).signal).toBe('SIGKILL');
    expect((await client.prisma.job.findUniqueOrThrow({ where: { id } })).status).toBe('IN_PROGRESS');

    // BullMQ's stalled check sees the lapsed lock and hands the job to this worker.
    workers.push(await startWorker(config));
    const job = await client.waitForTerminal(id, 20_000);
    expect(job).toMatchObject({ status: 'COMPLETED', attempts: 2 });
    expect(job.outputs.find((o) => o.format === 'text')?.content).toContain('Finished by the second worker.');
    await Promise.all(workers.splice(0).map((w) => w.close()));
  });

  it('finishes its running job on SIGTERM, then exits 0', async () => {
    slowFirstTime('/slow-term.txt', 1500, 'Finished during shutdown.');
    const child = await runningChild({ SHUTDOWN_GRACE_MS: '15000' });
    const id = await client.submit(origin.url('/slow-term.txt'));
    await child.waitForLog(isEvent('job.started', id), 'job.started');
    await waitUntil(() => origin.hits('/slow-term.txt') === 1, 'the download to start');

    child.child.kill('SIGTERM');
    expect(await child.exited).toEqual({ code: 0, signal: null });
    expect(child.logs.some(isEvent('worker.shutdown_completed'))).toBe(true);
    const job = await client.prisma.job.findUniqueOrThrow({ where: { id } });
    expect(job).toMatchObject({ status: 'COMPLETED', attempts: 1 });
  });

  it('gives up a job that outlasts SHUTDOWN_GRACE_MS without failing it; another worker completes it', async () => {
    slowFirstTime('/slow-grace.txt', 30_000, 'Finished after the grace period.');
    const child = await runningChild({ SHUTDOWN_GRACE_MS: '300' });
    const id = await client.submit(origin.url('/slow-grace.txt'));
    await child.waitForLog(isEvent('job.started', id), 'job.started');
    await waitUntil(() => origin.hits('/slow-grace.txt') === 1, 'the download to start');

    child.child.kill('SIGTERM');
    expect(await child.exited).toEqual({ code: 0, signal: null });
    expect(child.logs.some(isEvent('job.interrupted', id))).toBe(true);
    expect((await client.prisma.job.findUniqueOrThrow({ where: { id } })).status).toBe('IN_PROGRESS');

    workers.push(await startWorker(config));
    const job = await client.waitForTerminal(id, 20_000);
    expect(job).toMatchObject({ status: 'COMPLETED', attempts: 2 });
  });
});

async function waitUntil(condition: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
