import { REDIS } from '@docformat/infra';
import { backlogKey, JobQueue, queueOwnerKey, WebhookQueue } from '@docformat/queue';
import type { Redis } from 'ioredis';
import { PROBLEM_KEYS, startTestApp, submitJob, type TestApp } from './test-app';

const ADMIN_TOKEN = `admin-dashboard-token-${process.pid}`;
const METRICS_TOKEN = `metrics-scrape-token-${process.pid}`;
// A queue of this file's own, so that the entries listed are this file's alone.
const QUEUE_PREFIX = `${process.env['QUEUE_PREFIX']}-dashboard`;
const basic = (password: string) => `Basic ${Buffer.from(`ops:${password}`).toString('base64')}`;
const asAdmin = { Authorization: `Bearer ${ADMIN_TOKEN}` };

interface BoardQueue {
  name: string;
  readOnlyMode: boolean;
  counts: Record<string, number>;
  jobs: { id: string; name: string; data: unknown }[];
}

describe('the queue dashboard without ADMIN_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ ADMIN_TOKEN: '' });
  });
  afterAll(() => t.close());

  it('does not exist: 404 for the page and its API, whatever the credentials', async () => {
    const client = await t.newClient('dashboard-off');
    for (const path of ['/admin/queues', '/admin/queues/api/queues', '/admin/queues/static/favicon.ico']) {
      for (const headers of [{}, client.auth, asAdmin]) {
        const res = await t.http().get(path).set(headers);
        expect(res.status).toBe(404);
        expect(res.body).toMatchObject({ code: 'NOT_FOUND' });
      }
    }
  });
});

describe('the queue dashboard with ADMIN_TOKEN', () => {
  let t: TestApp;
  let client: Awaited<ReturnType<TestApp['newClient']>>;

  beforeAll(async () => {
    t = await startTestApp({ ADMIN_TOKEN, METRICS_TOKEN, QUEUE_PREFIX });
    client = await t.newClient('dashboard-tests');
  });
  afterAll(async () => {
    await t.app.get(JobQueue).removeAll();
    // The dashboard opened the webhook queue too (its meta key).
    await t.app.get(WebhookQueue).removeAll();
    await t.app.get<Redis>(REDIS).del(queueOwnerKey(QUEUE_PREFIX), backlogKey(QUEUE_PREFIX));
    await t.close();
  });

  it.each([
    ['no credentials', {}],
    ['a wrong token', { Authorization: 'Bearer not-the-admin-token-at-all' }],
    ['a client token', 'client'],
    ['a client token as the Basic password', 'client-basic'],
    ['the metrics token', { Authorization: `Bearer ${METRICS_TOKEN}` }],
    ['a wrong Basic password', { Authorization: basic('not-the-admin-token') }],
  ])('refuses %s with a 401 problem that invites Basic and Bearer', async (_, given) => {
    const headers = given === 'client' ? client.auth : given === 'client-basic' ? { Authorization: basic(client.token) } : given;
    for (const path of ['/admin/queues', '/admin/queues/api/queues']) {
      const res = await t.http().get(path).set(headers);
      expect(res.status).toBe(401);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.headers['www-authenticate']).toBe('Basic realm="docformat admin", charset="UTF-8", Bearer realm="docformat admin"');
      expect(Object.keys(res.body).sort()).toEqual(PROBLEM_KEYS);
      expect(res.body).toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
      expect(res.text).not.toContain('conversion');
    }
  });

  it('serves the page and the assets it loads to the admin token, behind a same-origin policy', async () => {
    const page = await t.http().get('/admin/queues').set(asAdmin);
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.text).toContain('<base href="/admin/queues/" />');
    // Every script and stylesheet the page names loads under the same credentials (relative to <base>).
    const assets = [...page.text.matchAll(/(?:src|href)="(static\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);
    expect(assets.length).toBeGreaterThanOrEqual(2);
    for (const asset of assets) {
      const res = await t.http().get(`/admin/queues/${asset}`).set(asAdmin);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(asset?.endsWith('.js') ? /javascript/ : /text\/css/);
      expect(res.headers['cache-control']).toBe('private, max-age=3600');
    }
    // The pages the board's own router links to are served the same page.
    const queuePage = await t.http().get('/admin/queues/queue/conversion').set(asAdmin);
    expect(queuePage.status).toBe(200);
    expect(queuePage.text).toContain('<base href="/admin/queues/" />');
  });

  it('lets a browser in with Basic credentials: any user name, the admin token as password', async () => {
    const res = await t
      .http()
      .get('/admin/queues/api/queues')
      .set({ Authorization: basic(ADMIN_TOKEN) });
    expect(res.status).toBe(200);
  });

  it('lists both queues, read-only, with a conversion submitted through POST /format waiting in it', async () => {
    const jobId = await submitJob(t, client);
    const res = await t
      .http()
      .get('/admin/queues/api/queues')
      .query({ activeQueue: 'conversion', status: 'prioritized', page: 1, jobsPerPage: 10 })
      .set(asAdmin);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const queues = res.body.queues as BoardQueue[];
    expect(queues.map((q) => q.name).sort()).toEqual(['conversion', 'webhook']);
    const conversion = queues.find((q) => q.name === 'conversion');
    expect(conversion?.readOnlyMode).toBe(true);
    expect(conversion?.counts['prioritized']).toBe(1);
    expect(conversion?.jobs).toEqual([expect.objectContaining({ id: jobId, name: 'convert', data: { jobId } })]);

    const entry = await t.http().get(`/admin/queues/api/queues/conversion/${jobId}`).set(asAdmin);
    expect(entry.status).toBe(200);
    expect(entry.body.job).toMatchObject({ id: jobId, data: { jobId } });
  });

  it('refuses every change with 405, so the queue stays as the API left it', async () => {
    const before = await t.http().get('/admin/queues/api/queues').set(asAdmin);
    for (const [method, path] of [
      ['put', '/admin/queues/api/queues/conversion/pause'],
      ['put', '/admin/queues/api/queues/conversion/empty'],
      ['put', '/admin/queues/api/queues/conversion/obliterate'],
      ['post', '/admin/queues/api/queues/conversion/add'],
    ] as const) {
      const res = await t.http()[method](path).set(asAdmin).send({});
      expect(res.status).toBe(405);
      expect(res.headers['allow']).toBe('GET, HEAD');
      expect(res.body).toMatchObject({ code: 'METHOD_NOT_ALLOWED' });
    }
    const after = await t.http().get('/admin/queues/api/queues').set(asAdmin);
    const counts = (res: typeof before) => (res.body.queues as BoardQueue[]).map((q) => [q.name, q.counts]);
    expect(counts(after)).toEqual(counts(before));
    // And the admin token is no client token: the API's own routes refuse it.
    expect((await t.http().get('/jobs').set(asAdmin)).status).toBe(401);
  });
});
