import { JobQueue } from '@docformat/queue';
import { startTestApp, type TestApp } from './test-app';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const BODY = { file: 'https://example.com/report.pdf', format: { type: ['markdown', 'text'] } };

describe('Idempotency-Key on POST /format', () => {
  it('returns the same job for the same key and request, without a second job or queue entry', async () => {
    const client = await t.newClient('idem-replay');
    const first = await t.http().post('/format').set(client.auth).set('Idempotency-Key', 'order-42').send(BODY);
    expect(first.status).toBe(202);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    // The same request in another key order is the same request.
    const again = await t
      .http()
      .post('/format')
      .set(client.auth)
      .set('Idempotency-Key', 'order-42')
      .send({ format: { type: ['markdown', 'text'] }, file: BODY.file });
    expect(again.status).toBe(202);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.headers['location']).toBe(`/job/${first.body.id}`);
    expect(again.body).toEqual(first.body);
    expect(await t.prisma.job.count({ where: { ownerId: client.id } })).toBe(1);
  });

  it('makes exactly one job from 50 concurrent identical requests', async () => {
    const client = await t.newClient('idem-concurrent');
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => t.http().post('/format').set(client.auth).set('Idempotency-Key', 'burst-1').send(BODY)),
    );
    expect(answers.map((res) => res.status)).toEqual(Array(50).fill(202));
    const ids = new Set(answers.map((res) => res.body.id));
    expect(ids.size).toBe(1);
    expect(answers.filter((res) => res.headers['idempotent-replayed'] === 'true')).toHaveLength(49);
    expect(await t.prisma.job.count({ where: { ownerId: client.id } })).toBe(1);
    expect(await t.app.get(JobQueue).state([...ids][0] as string)).toBe('prioritized');
  });

  it('refuses the same key with a different request: 422 IDEMPOTENCY_KEY_REUSED', async () => {
    const client = await t.newClient('idem-reuse');
    expect((await t.http().post('/format').set(client.auth).set('Idempotency-Key', 'k1').send(BODY)).status).toBe(202);
    const other = await t
      .http()
      .post('/format')
      .set(client.auth)
      .set('Idempotency-Key', 'k1')
      .send({ ...BODY, format: { type: 'text' } });
    expect(other.status).toBe(422);
    expect(other.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(other.body).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
    expect(await t.prisma.job.count({ where: { ownerId: client.id } })).toBe(1);
  });

  it('keeps keys per client', async () => {
    const [a, b] = [await t.newClient('idem-a'), await t.newClient('idem-b')];
    const ra = await t.http().post('/format').set(a.auth).set('Idempotency-Key', 'shared').send(BODY);
    const rb = await t.http().post('/format').set(b.auth).set('Idempotency-Key', 'shared').send(BODY);
    expect([ra.status, rb.status]).toEqual([202, 202]);
    expect(rb.body.id).not.toBe(ra.body.id);
    expect(rb.headers['idempotent-replayed']).toBeUndefined();
  });

  it('frees a key after 24 hours', async () => {
    const client = await t.newClient('idem-expiry');
    const first = await t.http().post('/format').set(client.auth).set('Idempotency-Key', 'daily').send(BODY);
    await t.prisma.idempotencyKey.update({
      where: { ownerId_key: { ownerId: client.id, key: 'daily' } },
      data: { createdAt: new Date(Date.now() - 25 * 3600 * 1000) },
    });
    const later = await t
      .http()
      .post('/format')
      .set(client.auth)
      .set('Idempotency-Key', 'daily')
      .send({ ...BODY, format: { type: 'text' } });
    expect(later.status).toBe(202);
    expect(later.body.id).not.toBe(first.body.id);
  });

  it('replays an upload by its bytes, and stores no second copy', async () => {
    const client = await t.newClient('idem-upload');
    const send = (bytes: Buffer) =>
      t
        .http()
        .post('/format')
        .set(client.auth)
        .set('Idempotency-Key', 'upload-1')
        .attach('file', bytes, 'a.txt')
        .field('format', '{"type":"text"}');
    const first = await send(Buffer.from('hello'));
    const again = await send(Buffer.from('hello'));
    expect(again.body.id).toBe(first.body.id);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await t.prisma.upload.count({ where: { ownerId: client.id } })).toBe(1);
    const changed = await send(Buffer.from('hello, changed'));
    expect(changed.status).toBe(422);
    expect(await t.prisma.upload.count({ where: { ownerId: client.id } })).toBe(1);
  });

  it.each(['', 'x'.repeat(256), 'with space', 'naïve'])('refuses the key %p with a 400 naming the header', async (key) => {
    const client = await t.newClient('idem-bad');
    const res = await t.http().post('/format').set(client.auth).set('Idempotency-Key', key).send(BODY);
    expect(res.status).toBe(400);
    expect(res.body.errors[0].field).toBe('Idempotency-Key');
  });
});

describe('Idempotency-Key on POST /extract', () => {
  it('replays the same extraction, and tells it from a POST /format under the same key', async () => {
    const client = await t.newClient('idem-extract');
    const body = { file: BODY.file, options: { ocr: 'off' } };
    const first = await t.http().post('/extract').set(client.auth).set('Idempotency-Key', 'x-1').send(body);
    expect(first.status).toBe(202);
    expect(first.body.type).toBe('extraction');
    const again = await t.http().post('/extract').set(client.auth).set('Idempotency-Key', 'x-1').send(body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body.id).toBe(first.body.id);
    const format = await t.http().post('/format').set(client.auth).set('Idempotency-Key', 'x-1').send(body);
    expect(format.status).toBe(400);
    const other = await t
      .http()
      .post('/format')
      .set(client.auth)
      .set('Idempotency-Key', 'x-1')
      .send({ file: BODY.file, format: { type: 'text', ocr: 'off' } });
    expect(other.status).toBe(422);
    expect(await t.prisma.job.count({ where: { ownerId: client.id } })).toBe(1);
  });

  it('replays an uploaded extraction by its bytes', async () => {
    const client = await t.newClient('idem-extract-upload');
    const send = () =>
      t.http().post('/extract').set(client.auth).set('Idempotency-Key', 'xu-1').attach('file', Buffer.from('hello'), 'a.txt');
    const first = await send();
    const again = await send();
    expect(first.status).toBe(202);
    expect(again.body.id).toBe(first.body.id);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await t.prisma.upload.count({ where: { ownerId: client.id } })).toBe(1);
  });
});
