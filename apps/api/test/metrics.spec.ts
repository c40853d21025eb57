import { hasSample, sampleValue } from '@docformat/metrics';
import { JobQueue, queueOwnerKey } from '@docformat/queue';
import { REDIS } from '@docformat/infra';
import type { Redis } from 'ioredis';
import { PROBLEM_KEYS, startTestApp, type TestApp } from './test-app';

const METRICS_TOKEN = `metrics-scrape-token-${process.pid}`;
// A queue of this file's own: the other API test files queue jobs that nobody takes,
// and the depth asserted here must be this file's alone.
const QUEUE_PREFIX = `${process.env['QUEUE_PREFIX']}-metrics`;
/** Prometheus' text format 0.0.4 (Express orders the parameters its own way). */
const PROMETHEUS_TEXT = /^text\/plain;(?=.*\bversion=0\.0\.4\b)(?=.*\bcharset=utf-8\b)/;

async function removeQueue(t: TestApp): Promise<void> {
  await t.app.get(JobQueue).removeAll();
  await t.app.get<Redis>(REDIS).del(queueOwnerKey(QUEUE_PREFIX));
}

describe('GET /metrics with METRICS_TOKEN set', () => {
  let t: TestApp;
  let client: Awaited<ReturnType<TestApp['newClient']>>;
  const scrape = () => t.http().get('/metrics').set('Authorization', `Bearer ${METRICS_TOKEN}`);

  beforeAll(async () => {
    t = await startTestApp({ METRICS_TOKEN, QUEUE_PREFIX });
    client = await t.newClient('metrics-tests');
  });
  afterAll(async () => {
    await removeQueue(t);
    await t.close();
  });

  it('refuses a scrape without the token with a 401 problem and a Bearer challenge', async () => {
    const res = await t.http().get('/metrics');
    expect(res.status).toBe(401);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.headers['www-authenticate']).toBe('Bearer realm="docformat"');
    expect(Object.keys(res.body).sort()).toEqual(PROBLEM_KEYS);
    expect(res.body).toMatchObject({ type: 'urn:docformat:problem:unauthorized', status: 401, code: 'UNAUTHORIZED' });
  });

  it('refuses a client token: only the metrics token opens /metrics', async () => {
    const res = await t.http().get('/metrics').set(client.auth);
    expect(res.status).toBe(401);
    expect(res.headers['www-authenticate']).toBe('Bearer realm="docformat", error="invalid_token"');
    expect(res.text).not.toContain('docformat_');
  });

  it('serves the Prometheus text format with the queue read from Redis and Node process metrics', async () => {
    const res = await scrape();
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(PROMETHEUS_TEXT);
    expect(res.headers['cache-control']).toBe('no-store');
    const text = res.text;
    for (const state of ['waiting', 'active', 'delayed']) {
      expect(hasSample(text, 'docformat_queue_jobs', { queue: 'conversion', state })).toBe(true);
      expect(sampleValue(text, 'docformat_queue_jobs', { queue: 'conversion', state })).toBe(0);
    }
    expect(sampleValue(text, 'docformat_queue_oldest_waiting_age_seconds', { queue: 'conversion' })).toBe(0);
    expect(sampleValue(text, 'docformat_queue_metrics_up', { queue: 'conversion' })).toBe(1);
    expect(sampleValue(text, 'docformat_jobs_created_total')).toBe(0);
    expect(sampleValue(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(hasSample(text, 'nodejs_heap_size_used_bytes')).toBe(true);
  });

  it('counts created jobs by formats and shows them waiting in the queue', async () => {
    for (const type of ['text', ['markdown', 'text'], ['text', 'markdown']]) {
      const res = await t.http().post('/format').set(client.auth).send({ file: 'https://example.com/report.pdf', format: { type } });
      expect(res.status).toBe(202);
    }
    const text = (await scrape()).text;
    expect(sampleValue(text, 'docformat_jobs_created_total', { formats: 'text' })).toBe(1);
    expect(sampleValue(text, 'docformat_jobs_created_total', { formats: 'markdown,text' })).toBe(2);
    expect(sampleValue(text, 'docformat_queue_jobs', { queue: 'conversion', state: 'waiting' })).toBe(3);
    expect(sampleValue(text, 'docformat_queue_jobs', { queue: 'conversion', state: 'active' })).toBe(0);
    const oldest = sampleValue(text, 'docformat_queue_oldest_waiting_age_seconds', { queue: 'conversion' });
    expect(oldest).toBeGreaterThanOrEqual(0);
    expect(oldest).toBeLessThan(60);
  });

  it('does not count a request that was refused', async () => {
    const before = sampleValue((await scrape()).text, 'docformat_jobs_created_total');
    expect(
      (
        await t
          .http()
          .post('/format')
          .set(client.auth)
          .send({ file: 'ftp://example.com/a.pdf', format: { type: 'text' } })
      ).status,
    ).toBe(400);
    expect(sampleValue((await scrape()).text, 'docformat_jobs_created_total')).toBe(before);
  });

  it('documents /metrics in the OpenAPI document', async () => {
    const doc = (await t.http().get('/openapi.json')).body;
    expect(doc.paths['/metrics'].get.responses['401']).toBeDefined();
  });
});

describe('GET /metrics without METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ METRICS_TOKEN: '', QUEUE_PREFIX });
  });
  afterAll(async () => {
    await removeQueue(t);
    await t.close();
  });

  it('is open to a scrape without any token', async () => {
    const res = await t.http().get('/metrics');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(PROMETHEUS_TEXT);
    expect(sampleValue(res.text, 'docformat_queue_metrics_up', { queue: 'conversion' })).toBe(1);
  });
});

describe('GET /metrics while Redis does not answer', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Nothing listens on loopback port 1.
    t = await startTestApp({ REDIS_URL: 'redis://127.0.0.1:1', METRICS_TOKEN: '' });
  });
  afterAll(() => t.close());

  it('still answers 200, leaving the queue gauges out and saying so', async () => {
    const res = await t.http().get('/metrics');
    expect(res.status).toBe(200);
    expect(hasSample(res.text, 'docformat_queue_jobs')).toBe(false);
    expect(hasSample(res.text, 'docformat_queue_oldest_waiting_age_seconds')).toBe(false);
    expect(sampleValue(res.text, 'docformat_queue_metrics_up', { queue: 'conversion' })).toBe(0);
    expect(sampleValue(res.text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
  });
});
