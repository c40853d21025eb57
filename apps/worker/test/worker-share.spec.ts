import type { AppConfig } from '@docformat/config';
import { type ChildWorker, type LogLine, isEvent, spawnWorker } from './support/child-worker';
import { filePrefix, startTestClient, testConfig, type TestClient } from './support/harness';
import { startOrigin, type OriginServer } from './support/origin-server';

/**
 * Worker processes of one deployment on one host divide its cores (worker-share/):
 * real processes, real Redis. WORKER_CONCURRENCY is unset ('' counts as unset), and
 * WORKER_CORES=2 makes the shares the same on any machine.
 */
let config: AppConfig;
let origin: OriginServer;
let client: TestClient;
const children: ChildWorker[] = [];

beforeAll(async () => {
  config = testConfig({ QUEUE_PREFIX: filePrefix('share') });
  origin = await startOrigin();
  client = await startTestClient(config);
});

afterAll(async () => {
  await Promise.all(children.map((child) => child.stop()));
  await client?.close();
  await origin?.close();
});

async function startChild(): Promise<{ child: ChildWorker; started: LogLine }> {
  const child = spawnWorker({ QUEUE_PREFIX: config.QUEUE_PREFIX, FETCH_ALLOW_PRIVATE: 'true', WORKER_CONCURRENCY: '', WORKER_CORES: '2' });
  children.push(child);
  return { child, started: await child.waitForLog(isEvent('worker.started'), 'worker.started', 60_000) };
}

/** The next `worker.share` line the worker logs from now on, saying `concurrency`. */
function nextShare(worker: ChildWorker, concurrency: number, timeoutMs: number): Promise<LogLine> {
  const from = worker.logs.length;
  return worker.waitForLog(
    (line) => worker.logs.indexOf(line) >= from && line.event === 'worker.share' && line['concurrency'] === concurrency,
    `worker.share with concurrency ${concurrency}`,
    timeoutMs,
  );
}

describe('workers on one host without WORKER_CONCURRENCY', () => {
  it('divide the cores between them, and take back those of a worker that stops or dies', async () => {
    const a = await startChild();
    expect(a.started['concurrency']).toBe(2);

    // A second worker joins: it starts with its share, and the first gives one core up at its next beat.
    const aShrinks = nextShare(a.child, 1, 10_000);
    const b = await startChild();
    expect(b.started['concurrency']).toBe(1);
    expect(await aShrinks).toMatchObject({ workersOnHost: 2, cores: 2 });

    // Both still convert.
    origin.route('/shared.txt', (_req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end('Shared cores.'));
    const ids = await Promise.all([1, 2, 3].map(() => client.submit(origin.url('/shared.txt'))));
    for (const id of ids) expect((await client.waitForTerminal(id, 30_000)).status).toBe('COMPLETED');

    // A worker that stops leaves at once: the other takes its core well within the TTL.
    const aGrows = nextShare(a.child, 2, 5_000);
    b.child.child.kill('SIGTERM');
    expect((await b.child.exited).code).toBe(0);
    expect(await aGrows).toMatchObject({ workersOnHost: 1 });

    // A worker killed without leaving counts until its presence lapses (PRESENCE_TTL_MS, 7 s).
    const aShrinksAgain = nextShare(a.child, 1, 10_000);
    const c = await startChild();
    await aShrinksAgain;
    const aGrowsAgain = nextShare(a.child, 2, 15_000);
    c.child.child.kill('SIGKILL');
    expect(await aGrowsAgain).toMatchObject({ workersOnHost: 1 });
  }, 180_000);
});
