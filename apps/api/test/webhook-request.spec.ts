import { WebhookQueue } from '@docformat/queue';
import { startTestApp, submitJob, type TestApp } from './test-app';

let t: TestApp;
let alice: Awaited<ReturnType<TestApp['newClient']>>;

beforeAll(async () => {
  t = await startTestApp({ FETCH_ALLOW_PRIVATE: 'false' });
  alice = await t.newClient('alice-webhooks');
});
afterAll(async () => {
  await t.app.get(WebhookQueue).removeAll();
  await t.close();
});

const HOOK = 'https://hooks.example.com/docformat';

describe('POST /format with a webhook', () => {
  it('keeps the webhook and shows its state on the job: PENDING until the job ends', async () => {
    const id = await submitJob(t, alice, { file: 'https://example.com/a.pdf', format: { type: 'text' }, webhook: { url: HOOK } });
    const res = await t.http().get(`/job/${id}`).set(alice.auth);
    expect(res.body.webhook).toEqual({ url: HOOK, status: 'PENDING', attempts: 0, lastError: null, deliveredAt: null });
  });

  it('makes and queues the delivery when the job is cancelled', async () => {
    const id = await submitJob(t, alice, { file: 'https://example.com/a.pdf', format: { type: 'text' }, webhook: { url: HOOK } });
    expect((await t.http().post(`/job/${id}/cancel`).set(alice.auth)).status).toBe(200);
    const delivery = await t.prisma.webhookDelivery.findUniqueOrThrow({ where: { jobId: id } });
    expect(delivery).toMatchObject({ url: HOOK, event: 'job.failed', status: 'PENDING', attempts: 0 });
    expect(await t.app.get(WebhookQueue).state(delivery.id)).toBe('waiting');
  });

  it('has no webhook field on a job that asked for none', async () => {
    const id = await submitJob(t, alice);
    expect((await t.http().get(`/job/${id}`).set(alice.auth)).body).not.toHaveProperty('webhook');
  });

  it.each([
    'http://127.0.0.1:9000/hook',
    'http://localhost/hook',
    'http://10.0.0.5/hook',
    'http://[::1]/hook',
    'http://169.254.169.254/latest',
  ])('refuses a webhook at a private address (%s) with a 400 on webhook.url', async (url) => {
    const res = await t
      .http()
      .post('/format')
      .set(alice.auth)
      .send({ file: 'https://example.com/a.pdf', format: { type: 'text' }, webhook: { url } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ field: 'webhook.url' }] });
  });

  it.each([
    [{ url: 'ftp://hooks.example.com/x' }, 'webhook.url'],
    [{}, 'webhook.url'],
    ['https://hooks.example.com', 'webhook'],
    [{ url: HOOK, secret: 'x' }, 'webhook.secret'],
  ])('refuses webhook %p with a 400 naming %s', async (webhook, field) => {
    const res = await t
      .http()
      .post('/format')
      .set(alice.auth)
      .send({ file: 'https://example.com/a.pdf', format: { type: 'text' }, webhook });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].field).toBe(field);
  });

  it('takes a webhook part beside an uploaded file', async () => {
    const res = await t
      .http()
      .post('/format')
      .set(alice.auth)
      .attach('file', Buffer.from('hello'), 'hello.txt')
      .field('format', '{"type":"text"}')
      .field('webhook', JSON.stringify({ url: HOOK }));
    expect(res.status).toBe(202);
    expect((await t.prisma.job.findUniqueOrThrow({ where: { id: res.body.id } })).webhookUrl).toBe(HOOK);
  });
});
