import { startTestApp, type TestApp } from './test-app';

// Nothing listens on loopback port 1: Redis is "down" for this app only.
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ REDIS_URL: 'redis://127.0.0.1:1', ENQUEUE_TIMEOUT_MS: '500' });
});
afterAll(() => t.close());

describe('when Redis does not answer', () => {
  it('answers 503 with Retry-After and keeps the job saved as CREATED', async () => {
    const client = await t.newClient('redis-down');
    const res = await t
      .http()
      .post('/format')
      .set(client.auth)
      .send({ file: 'https://example.com/a.pdf', format: { type: 'text' } });
    expect(res.status).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.body).toMatchObject({ status: 503, code: 'QUEUE_UNAVAILABLE', jobId: expect.any(String) });
    expect(res.headers['location']).toBe(`/job/${res.body.jobId}`);

    const poll = await t.http().get(`/job/${res.body.jobId}`).set(client.auth);
    expect(poll.status).toBe(200);
    expect(poll.body.status).toBe('CREATED');
  });

  it('reports Redis as down in /health with 503', async () => {
    const res = await t.http().get('/health');
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ status: 'error', checks: { database: 'up', redis: 'down' } });
  });
});
