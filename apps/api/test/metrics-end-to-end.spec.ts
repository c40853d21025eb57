import { sampleValue } from '@docformat/metrics';
import { freePort, prepareTestDatabase, testEnvironment } from '@docformat/testing';
import { createServer as createHttpServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type WorkerProcess, startWorkerProcess, stopEndToEnd } from './support/worker-process';
import { startTestApp, type TestApp } from './test-app';

/**
 * What Prometheus sees of one job: the API (in this process) creates it and reports
 * the queue, a real worker process (from the sources, with METRICS_PORT) converts it
 * and reports what it did; both are scraped with the one METRICS_TOKEN.
 */
const METRICS_TOKEN = `end-to-end-metrics-token-${process.pid}`;
/**
 * A database and queue of this file's own. A worker sweeps every unfinished row of its
 * database at start: in the project's shared one it would adopt (and fail) the jobs the
 * other API test files leave CREATED, and the counts asserted here would be theirs too.
 */
const ISOLATED = 'api_metrics_e2e';
const { databaseUrl: DATABASE_URL, queuePrefix: QUEUE_PREFIX } = testEnvironment(ISOLATED);
const PAGE =
  '<html><head><title>Field report</title></head><body><h1>Field report</h1><p>The bridge was inspected on Monday.</p></body></html>';
const WAIT_MS = 30_000;

let t: TestApp;
let auth: { Authorization: string };
let origin: Server;
let worker: WorkerProcess;
let workerMetricsPort: number;

beforeAll(async () => {
  await prepareTestDatabase(ISOLATED);
  t = await startTestApp({ DATABASE_URL, QUEUE_PREFIX, METRICS_TOKEN });
  auth = (await t.newClient('metrics-end-to-end')).auth;
  origin = createHttpServer((request, response) => {
    if (request.url !== '/report.html') return void response.writeHead(404).end();
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE);
  });
  await new Promise<void>((resolve) => origin.listen(0, '127.0.0.1', resolve));
  workerMetricsPort = await freePort('0.0.0.0');
  worker = await startWorkerProcess(
    {
      DATABASE_URL,
      QUEUE_PREFIX,
      METRICS_PORT: String(workerMetricsPort),
      METRICS_TOKEN,
      FETCH_ALLOW_PRIVATE: 'true',
      WORKER_CONCURRENCY: '1',
    },
    ['worker.started', 'metrics.listening'],
  );
}, 60_000);

afterAll(() => stopEndToEnd(t, worker, origin, QUEUE_PREFIX));

async function scrapeApi(): Promise<string> {
  const res = await t.http().get('/metrics').set('Authorization', `Bearer ${METRICS_TOKEN}`);
  expect(res.status).toBe(200);
  return res.text;
}

async function scrapeWorker(authorization = `Bearer ${METRICS_TOKEN}`): Promise<Response> {
  return fetch(`http://127.0.0.1:${workerMetricsPort}/metrics`, { headers: { Authorization: authorization } });
}

/** Polls until `ready` holds: a worker counts a job just after its row turns COMPLETED. */
async function until<T>(what: string, read: () => Promise<T>, ready: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const value = await read();
    if (ready(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${WAIT_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('Prometheus scraping the API and a worker', () => {
  it('follows one job from created (API) to completed (worker)', async () => {
    const before = await scrapeApi();
    expect(sampleValue(before, 'docformat_jobs_created_total')).toBe(0);

    const { port } = origin.address() as AddressInfo;
    const created = await t
      .http()
      .post('/format')
      .set(auth)
      .send({ file: `http://127.0.0.1:${port}/report.html`, format: { type: ['markdown', 'text'] } });
    expect(created.status).toBe(202);
    const job = await until(
      `job ${created.body.id} finishing`,
      async () => (await t.http().get(`/job/${created.body.id}`).set(auth)).body,
      (body) => body.status === 'COMPLETED' || body.status === 'FAILED',
    );
    expect(job.status).toBe('COMPLETED');

    const api = await scrapeApi();
    expect(sampleValue(api, 'docformat_jobs_created_total', { formats: 'markdown,text' })).toBe(1);
    expect(sampleValue(api, 'docformat_queue_jobs', { queue: 'conversion', state: 'waiting' })).toBe(0);
    expect(sampleValue(api, 'docformat_queue_metrics_up', { queue: 'conversion' })).toBe(1);

    const refused = await scrapeWorker('Bearer not-the-metrics-token');
    expect(refused.status).toBe(401);
    expect(refused.headers.get('content-type')).toBe('application/problem+json');

    const text = await until(
      'the worker counting the job',
      async () => (await scrapeWorker()).text(),
      (body) => sampleValue(body, 'docformat_jobs_completed_total') > 0,
    );
    expect(sampleValue(text, 'docformat_jobs_completed_total', { input: 'html' })).toBe(1);
    expect(sampleValue(text, 'docformat_conversion_seconds_count', { input: 'html' })).toBe(1);
    expect(sampleValue(text, 'docformat_pages_converted_total', { input: 'html' })).toBe(1);
    expect(sampleValue(text, 'docformat_fetch_bytes_total', { input: 'html' })).toBe(Buffer.byteLength(PAGE));
    expect(sampleValue(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    // The API reports the queue; a worker reports only what it did itself.
    expect(text).not.toContain('docformat_queue_jobs');
    expect(text).not.toContain('docformat_jobs_created_total');
  }, 60_000);
});
