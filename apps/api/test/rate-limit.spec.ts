import { startTestApp, type TestApp } from './test-app';

let t: TestApp;
let other: TestApp;
const BODY = { file: 'https://example.com/a.pdf', format: { type: 'text' } };

beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_PER_MINUTE: '5' });
  // A second API process of the same deployment: the count lives in Redis, so it is shared.
  other = await startTestApp({ RATE_LIMIT_PER_MINUTE: '5' });
});
afterAll(async () => {
  await other.close();
  await t.close();
});

describe('RATE_LIMIT_PER_MINUTE', () => {
  it('lets a client submit the limit, across API processes, then answers 429 with Retry-After', async () => {
    const client = await t.newClient('rate-limited');
    const remainings: string[] = [];
    for (let i = 0; i < 5; i++) {
      const app = i % 2 === 0 ? t : other;
      const res = await app.http().post('/format').set(client.auth).send(BODY);
      expect(res.status).toBe(202);
      expect(res.headers['ratelimit-limit']).toBe('5');
      remainings.push(res.headers['ratelimit-remaining'] as string);
    }
    expect(remainings).toEqual(['4', '3', '2', '1', '0']);
    const refused = await other.http().post('/format').set(client.auth).send(BODY);
    expect(refused.status).toBe(429);
    expect(refused.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(refused.body).toMatchObject({ code: 'RATE_LIMITED', status: 429 });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(120);
    expect(refused.headers['ratelimit-remaining']).toBe('0');
    // Nothing was made of the refused request.
    expect(await t.prisma.job.count({ where: { ownerId: client.id } })).toBe(5);
  });

  it('counts POST /extract in the same window as POST /format', async () => {
    const client = await t.newClient('rate-mixed');
    for (let i = 0; i < 5; i++) {
      const res = await t
        .http()
        .post(i % 2 === 0 ? '/format' : '/extract')
        .set(client.auth)
        .send(i % 2 === 0 ? BODY : { file: BODY.file });
      expect(res.status).toBe(202);
    }
    const refused = await t.http().post('/extract').set(client.auth).send({ file: BODY.file });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 'RATE_LIMITED' });
  });

  it('counts each client on its own, and does not limit polls', async () => {
    const busy = await t.newClient('busy');
    const calm = await t.newClient('calm');
    let id = '';
    for (let i = 0; i < 6; i++) id = (await t.http().post('/format').set(busy.auth).send(BODY)).body.id ?? id;
    expect((await t.http().post('/format').set(calm.auth).send(BODY)).status).toBe(202);
    for (let i = 0; i < 10; i++) expect((await t.http().get(`/job/${id}`).set(busy.auth)).status).toBe(200);
  });

  it('is off by default', async () => {
    const client = await other.newClient('unlimited');
    const free = await startTestApp();
    try {
      for (let i = 0; i < 8; i++) {
        const res = await free.http().post('/format').set(client.auth).send(BODY);
        expect(res.status).toBe(202);
        expect(res.headers['ratelimit-limit']).toBeUndefined();
      }
    } finally {
      await free.close();
    }
  });
});
