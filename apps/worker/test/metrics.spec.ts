import type { AppConfig } from '@docformat/config';
import { hasSample, sampleValue } from '@docformat/metrics';
import type { INestApplicationContext } from '@nestjs/common';
import { WorkerMetricsServer } from '../src/metrics/worker-metrics-server';
import { freePort } from '@docformat/testing';
import { filePrefix, startTestClient, startWorker, testConfig, type TestClient } from './support/harness';
import { startOrigin, type OriginServer } from './support/origin-server';

const METRICS_TOKEN = `worker-metrics-token-${process.pid}`;
const TEXT = 'Quarterly notes\n\nSales rose in the north.\nCosts fell in the south.\n';

let config: AppConfig;
let origin: OriginServer;
let client: TestClient;
let worker: INestApplicationContext;

beforeAll(async () => {
  config = testConfig({ QUEUE_PREFIX: filePrefix('metrics'), METRICS_PORT: String(await freePort('0.0.0.0')), METRICS_TOKEN });
  origin = await startOrigin();
  origin.route('/notes.txt', { body: TEXT, contentType: 'text/plain' });
  origin.route('/gone.pdf', { status: 404, body: 'not here', contentType: 'text/plain' });
  client = await startTestClient(config);
  worker = await startWorker(config);
});
afterAll(async () => {
  await worker?.close();
  await client?.close();
  await origin?.close();
});

const metricsUrl = () => `http://127.0.0.1:${config.METRICS_PORT}/metrics`;

async function scrape(): Promise<string> {
  const res = await fetch(metricsUrl(), { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } });
  expect(res.status).toBe(200);
  return res.text();
}

/**
 * Scrapes until `ready` holds: the job's row turns COMPLETED a moment before the
 * worker's code after the commit (which counts it) has run.
 */
async function scrapeUntil(what: string, ready: (text: string) => boolean, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  let text = await scrape();
  while (!ready(text)) {
    if (Date.now() > deadline) throw new Error(`The worker's metrics did not show ${what} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    text = await scrape();
  }
  return text;
}

describe("a worker's metrics endpoint (METRICS_PORT)", () => {
  it('listens on METRICS_PORT', () => {
    expect(worker.get(WorkerMetricsServer).port).toBe(config.METRICS_PORT);
  });

  it('refuses a scrape without METRICS_TOKEN with a 401 problem', async () => {
    const res = await fetch(metricsUrl());
    expect(res.status).toBe(401);
    expect(res.headers.get('content-type')).toBe('application/problem+json');
    expect(await res.json()).toMatchObject({ status: 401, code: 'UNAUTHORIZED', type: 'urn:docformat:problem:unauthorized' });
  });

  it('counts a real completed job: fetch, conversion time, pages and the completion', async () => {
    const before = await scrape();
    expect(sampleValue(before, 'docformat_jobs_completed_total')).toBe(0);
    expect(hasSample(before, 'process_cpu_user_seconds_total')).toBe(true);

    const id = await client.submit(origin.url('/notes.txt'), ['text', 'markdown']);
    expect((await client.waitForTerminal(id)).status).toBe('COMPLETED');

    const after = await scrapeUntil('the completed job', (text) => sampleValue(text, 'docformat_jobs_completed_total') > 0);
    expect(sampleValue(after, 'docformat_jobs_completed_total', { input: 'txt' })).toBe(1);
    expect(sampleValue(after, 'docformat_conversion_seconds_count', { input: 'txt' })).toBe(1);
    expect(sampleValue(after, 'docformat_conversion_seconds_sum', { input: 'txt' })).toBeGreaterThan(0);
    expect(sampleValue(after, 'docformat_conversion_seconds_bucket', { input: 'txt', le: '+Inf' })).toBe(1);
    expect(sampleValue(after, 'docformat_pages_converted_total', { input: 'txt' })).toBe(1);
    expect(sampleValue(after, 'docformat_fetch_bytes_total', { input: 'txt' })).toBe(Buffer.byteLength(TEXT));
    expect(sampleValue(after, 'docformat_fetch_seconds_count', { outcome: 'ok' })).toBe(1);
    expect(sampleValue(after, 'docformat_jobs_failed_total')).toBe(0);
  });

  it('counts a failed job by its error code and its failed download', async () => {
    const id = await client.submit(origin.url('/gone.pdf'), ['text']);
    const job = await client.waitForTerminal(id);
    expect(job).toMatchObject({ status: 'FAILED', errorCode: 'DOWNLOAD_FAILED' });

    const text = await scrapeUntil('the failed job', (t) => sampleValue(t, 'docformat_jobs_failed_total') > 0);
    expect(sampleValue(text, 'docformat_jobs_failed_total', { code: 'DOWNLOAD_FAILED' })).toBe(1);
    expect(sampleValue(text, 'docformat_fetch_seconds_count', { outcome: 'error' })).toBe(1);
    expect(sampleValue(text, 'docformat_jobs_completed_total')).toBe(1);
  });
});
