import { startTcpProxy, throughProxy, type TcpProxy } from './support/tcp-proxy';
import { PROBLEM_KEYS, startTestApp, type TestApp } from './test-app';

// The app reaches Postgres through a proxy the test can cut, as a Postgres restart would.
let proxy: TcpProxy;
let t: TestApp;
let auth: { Authorization: string };
let savedJob: string;

beforeAll(async () => {
  const target = new URL(process.env['DATABASE_URL'] as string);
  proxy = await startTcpProxy(target.hostname, Number(target.port || 5432));
  t = await startTestApp({ DATABASE_URL: throughProxy(process.env['DATABASE_URL'] as string, proxy) });
  ({ auth } = await t.newClient('db-down'));
  const res = await t
    .http()
    .post('/format')
    .set(auth)
    .send({ file: 'https://example.com/a.pdf', format: { type: 'text' } });
  expect(res.status).toBe(202);
  savedJob = res.body.id;
  await proxy.cut();
});
afterAll(async () => {
  await proxy?.restore();
  await t?.close();
  await proxy?.close();
});

function expectDatabaseUnavailable(res: { status: number; headers: Record<string, string>; body: Record<string, unknown> }): void {
  expect(res.status).toBe(503);
  expect(res.headers['retry-after']).toBe('5');
  expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  expect(Object.keys(res.body).sort()).toEqual(PROBLEM_KEYS);
  expect(res.body).toMatchObject({ status: 503, code: 'DATABASE_UNAVAILABLE', type: 'urn:docformat:problem:database-unavailable' });
}

describe('while Postgres is down or restarting', () => {
  it('answers POST /format with 503 DATABASE_UNAVAILABLE and Retry-After, not 500', async () => {
    const res = await t
      .http()
      .post('/format')
      .set(auth)
      .send({ file: 'https://example.com/b.pdf', format: { type: 'text' } });
    expectDatabaseUnavailable(res);
  });

  it('answers GET /job/{id} with 503 DATABASE_UNAVAILABLE', async () => {
    expectDatabaseUnavailable(await t.http().get(`/job/${savedJob}`).set(auth));
  });

  it('reports the database as down in /health', async () => {
    const res = await t.http().get('/health');
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ status: 'error', checks: { database: 'down', redis: 'up' } });
  });

  it('recovers by itself once Postgres is back', async () => {
    await proxy.restore();
    const deadline = Date.now() + 10_000;
    let status = 0;
    while (Date.now() < deadline && status !== 200) {
      status = (await t.http().get(`/job/${savedJob}`).set(auth)).status;
      if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(status).toBe(200);
    const res = await t
      .http()
      .post('/format')
      .set(auth)
      .send({ file: 'https://example.com/c.pdf', format: { type: 'text' } });
    expect(res.status).toBe(202);
    expect((await t.http().get('/health')).body).toEqual({ status: 'ok', checks: { database: 'up', redis: 'up' } });
  });
});
