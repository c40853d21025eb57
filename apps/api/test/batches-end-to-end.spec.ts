import { verifyWebhook, WebhookHeader } from '@docformat/contracts';
import { ApiTokenRepository } from '@docformat/db';
import { prepareTestDatabase, startFixtureOrigin, testEnvironment, type FixtureOrigin } from '@docformat/testing';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type WorkerProcess, startWorkerProcess, stopEndToEnd } from './support/worker-process';
import { startTestApp, type TestApp } from './test-app';

/**
 * Batches over real HTTP, Postgres, Redis and a real worker process: made, converted,
 * paged, long-polled, cancelled and deleted as one. A database and queue of this file's own.
 */
const ISOLATED = 'api_batches_e2e';
const { databaseUrl: DATABASE_URL, queuePrefix: QUEUE_PREFIX } = testEnvironment(ISOLATED);
const FIXTURES = join(__dirname, '../../../libs/converters/fixtures');
/** Small, so a form of a few files can pass it in total while each file is within it. */
const MAX_FILE_BYTES = 64 * 1024;

let t: TestApp;
let worker: WorkerProcess;
let origin: FixtureOrigin;
let alice: Awaited<ReturnType<TestApp['newClient']>>;
let bob: Awaited<ReturnType<TestApp['newClient']>>;

beforeAll(async () => {
  await prepareTestDatabase(ISOLATED);
  t = await startTestApp({ DATABASE_URL, QUEUE_PREFIX, FETCH_ALLOW_PRIVATE: 'true', MAX_FILE_BYTES: String(MAX_FILE_BYTES) });
  origin = await startFixtureOrigin(FIXTURES);
  worker = await startWorkerProcess({ DATABASE_URL, QUEUE_PREFIX, FETCH_ALLOW_PRIVATE: 'true', WORKER_CONCURRENCY: '2' });
  alice = await t.newClient('alice-batches');
  bob = await t.newClient('bob-batches');
}, 90_000);

afterAll(async () => {
  await origin?.close();
  await stopEndToEnd(t, worker, undefined, QUEUE_PREFIX);
});

async function createBatch(files: string[], client = alice, extra: Record<string, unknown> = {}) {
  const res = await t
    .http()
    .post('/batches')
    .set(client.auth)
    .send({ files, format: { type: 'markdown' }, ...extra });
  if (res.status !== 202) throw new Error(`POST /batches answered ${res.status}: ${res.text}`);
  return res;
}

describe('POST /batches and GET /batches/{id}', () => {
  it('makes one job per URL, converts them all, and a long-poll answers once every job has ended', async () => {
    const files = [`${origin.url}/notes.txt`, `${origin.url}/sample.md`, `${origin.url}/missing.txt`];
    const created = await createBatch(files);
    expect(created.headers['location']).toBe(`/batches/${created.body.id}`);
    expect(created.body).toMatchObject({ total: 3, done: false, nextCursor: null });
    expect(created.body.jobs.map((job: { fileName: string }) => job.fileName)).toEqual(files);

    const res = await t.http().get(`/batches/${created.body.id}?wait=30`).set(alice.auth);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: created.body.id, done: true, counts: { CREATED: 0, IN_PROGRESS: 0, COMPLETED: 2, FAILED: 1 } });
    expect(res.body.completedAt).not.toBeNull();
    expect(res.body.jobs.map((job: { status: string; errorCode: string | null }) => [job.status, job.errorCode])).toEqual([
      ['COMPLETED', null],
      ['COMPLETED', null],
      ['FAILED', expect.any(String)],
    ]);
    const job = await t.http().get(`/job/${res.body.jobs[1].id}`).set(alice.auth);
    expect(job.body).toMatchObject({ batchId: created.body.id, status: 'COMPLETED' });
    expect(job.body.formats.markdown).toContain('#');
  }, 60_000);

  it('pages the jobs in the order of the files with limit and cursor', async () => {
    const files = Array.from({ length: 5 }, (_, i) => `${origin.url}/notes.txt?copy=${i}`);
    const { body } = await createBatch(files);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `?limit=2&cursor=${cursor}` : '?limit=2';
      const page = await t.http().get(`/batches/${body.id}${query}`).set(alice.auth);
      expect(page.status).toBe(200);
      expect(page.body.jobs.length).toBeLessThanOrEqual(2);
      seen.push(...page.body.jobs.map((job: { fileName: string }) => job.fileName));
      cursor = page.body.nextCursor;
    } while (cursor);
    expect(seen).toEqual(files);
  });

  it.each([
    [{ files: [], format: { type: 'text' } }, 'files', /1 to 1000/],
    [{ files: Array.from({ length: 1001 }, () => 'https://example.com/a.pdf'), format: { type: 'text' } }, 'files', /got 1001/],
    [{ files: ['https://example.com/a.pdf', 'file:///etc/passwd'], format: { type: 'text' } }, 'files', /files\[1\]/],
    [{ files: ['https://example.com/a.pdf'] }, 'format', /required/],
    [{ files: ['https://example.com/a.pdf'], format: { type: 'nope' } }, 'format.type', /./],
  ])('refuses %j with a 400 naming %s', async (body, field, message) => {
    const res = await t.http().post('/batches').set(alice.auth).send(body);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(res.body.errors[0]).toMatchObject({ field });
    expect(res.body.errors[0].message).toMatch(message);
  });

  it('refuses a bad limit, cursor or wait with a 400', async () => {
    const { body } = await createBatch(['https://example.com/a.pdf']);
    for (const query of ['limit=0', 'limit=1001', 'cursor=zzz', 'wait=61', 'other=1']) {
      const res = await t.http().get(`/batches/${body.id}?${query}`).set(alice.auth);
      expect({ query, status: res.status, code: res.body.code }).toEqual({ query, status: 400, code: 'VALIDATION_FAILED' });
    }
  });

  it("answers 404 for another client's batch, an unknown id and a malformed one", async () => {
    const { body } = await createBatch(['https://example.com/a.pdf']);
    for (const [path, client] of [
      [`/batches/${body.id}`, bob],
      ['/batches/8b3a4c1e-2f5d-4e6a-9b7c-0d1e2f3a4b5c', alice],
      ['/batches/not-a-uuid', alice],
    ] as const) {
      const res = await t.http().get(path).set(client.auth);
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('NOT_FOUND');
    }
    expect((await t.http().post(`/batches/${body.id}/cancel`).set(bob.auth)).status).toBe(404);
    expect((await t.http().delete(`/batches/${body.id}`).set(bob.auth)).status).toBe(404);
  });
});

describe('POST /batches as a multipart form', () => {
  const FORMAT = JSON.stringify({ type: 'markdown' });
  const notes = readFileSync(join(FIXTURES, 'notes.txt'));
  const sample = readFileSync(join(FIXTURES, 'sample.md'));
  const uploadsOf = (ownerId: string) => t.prisma.upload.count({ where: { ownerId } });
  const form = (client: { auth: Record<string, string> }) => t.http().post('/batches').set(client.auth);

  it('makes one job per file part, in order, and a real worker converts each upload', async () => {
    const client = await t.newClient('multipart-batch');
    const created = await form(client).attach('file', notes, 'notes.txt').attach('file', sample, 'sample.md').field('format', FORMAT);
    expect(created.status).toBe(202);
    expect(created.body).toMatchObject({ total: 2 });
    expect(created.body.jobs.map((job: { fileName: string }) => job.fileName)).toEqual(['notes.txt', 'sample.md']);
    // Each part is stored as an upload of its own; the worker may already have ended a job (its upload goes then), so count before or after: both stored.
    expect(
      await t.prisma.job.count({ where: { batchId: created.body.id, OR: [{ uploadId: { not: null } }, { status: 'COMPLETED' }] } }),
    ).toBe(2);

    const done = await t.http().get(`/batches/${created.body.id}?wait=30`).set(client.auth);
    expect(done.body).toMatchObject({ done: true, counts: { COMPLETED: 2 } });
    const [first, second] = await Promise.all(
      created.body.jobs.map((job: { id: string }) => t.http().get(`/job/${job.id}`).set(client.auth)),
    );
    expect(first.body.formats.markdown).toContain(notes.toString('utf8').split('\n')[0].trim());
    expect(second.body).toMatchObject({ status: 'COMPLETED', batchId: created.body.id });
    expect(second.body.formats.markdown).toContain('#');
    // An upload has no use once its job ended: both are gone.
    expect(await uploadsOf(client.id)).toBe(0);
  }, 60_000);

  it('refuses files larger than MAX_FILE_BYTES in total with a 413, and stores none of them', async () => {
    const client = await t.newClient('multipart-batch-large');
    const part = Buffer.alloc(MAX_FILE_BYTES / 2 + 1, 'a');
    const res = await form(client).attach('file', part, 'a.txt').attach('file', part, 'b.txt').field('format', FORMAT);
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    expect(res.body.detail).toMatch(/in total/);
    expect(await uploadsOf(client.id)).toBe(0);
    expect(await t.prisma.job.count({ where: { ownerId: client.id } })).toBe(0);
  });

  it.each([
    ['no file part', (req: ReturnType<typeof form>) => req.field('format', FORMAT), 'file', /missing/],
    ['no format part', (req: ReturnType<typeof form>) => req.attach('file', notes, 'notes.txt'), 'format', /required/],
    [
      'an unknown format',
      (req: ReturnType<typeof form>) =>
        req.attach('file', notes, 'notes.txt').attach('file', sample, 'sample.md').field('format', '{"type":"pdf"}'),
      'format.type',
      /pdf/,
    ],
  ])('refuses %s with a 400 naming the part, and stores nothing', async (_case, send, field, message) => {
    const client = await t.newClient('multipart-batch-refused');
    const res = await send(form(client));
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(res.body.errors[0].field).toBe(field);
    expect(res.body.detail).toMatch(message);
    expect(await uploadsOf(client.id)).toBe(0);
  });

  it('replays the same form under an Idempotency-Key without keeping its second copy, and refuses other files with 422', async () => {
    const client = await t.newClient('multipart-batch-idempotent');
    const key = `multipart-batch-${Date.now()}`;
    const send = (second: Buffer) =>
      form(client)
        .set('Idempotency-Key', key)
        .attach('file', notes, 'notes.txt')
        .attach('file', second, 'second.md')
        .field('format', FORMAT);
    const first = await send(sample);
    expect(first.status).toBe(202);
    const again = await send(sample);
    expect(again.status).toBe(202);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body.id).toBe(first.body.id);
    const other = await send(Buffer.from('# Another document\n'));
    expect(other.status).toBe(422);
    expect(other.body.code).toBe('IDEMPOTENCY_KEY_REUSED');
    // The replay's and the refused request's copies are gone; the batch's own may already
    // have moved to the jobs' sources once converted, so count the uploads no job holds.
    expect(await t.prisma.upload.count({ where: { ownerId: client.id, jobs: { none: {} } } })).toBe(0);
    expect(await t.prisma.job.count({ where: { ownerId: client.id } })).toBe(2);
  });
});

describe('POST /batches with an Idempotency-Key', () => {
  it('answers the same batch to the same request, and a 422 to another request under the key', async () => {
    const body = { files: ['https://example.com/a.pdf', 'https://example.com/b.pdf'], format: { type: 'text' } };
    const key = `batch-${Date.now()}`;
    const first = await t.http().post('/batches').set(alice.auth).set('Idempotency-Key', key).send(body);
    expect(first.status).toBe(202);
    const again = await t.http().post('/batches').set(alice.auth).set('Idempotency-Key', key).send(body);
    expect(again.status).toBe(202);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body.id).toBe(first.body.id);
    expect(again.body.jobs.map((job: { id: string }) => job.id)).toEqual(first.body.jobs.map((job: { id: string }) => job.id));
    const other = await t
      .http()
      .post('/batches')
      .set(alice.auth)
      .set('Idempotency-Key', key)
      .send({ ...body, files: ['https://example.com/c.pdf'] });
    expect(other.status).toBe(422);
    expect(other.body.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await t.prisma.batch.count({ where: { ownerId: alice.id, jobs: { some: { fileUrl: 'https://example.com/c.pdf' } } } })).toBe(0);
  });

  it('refuses a malformed key with a 400 naming the header', async () => {
    const res = await t
      .http()
      .post('/batches')
      .set(alice.auth)
      .set('Idempotency-Key', 'ä')
      .send({ files: ['https://example.com/a.pdf'], format: { type: 'text' } });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].field).toBe('Idempotency-Key');
  });
});

describe('POST /batches/{id}/cancel and DELETE /batches/{id}', () => {
  it('cancels every unfinished job, keeps the ended ones, and the batch is done', async () => {
    const created = await createBatch([`${origin.url}/notes.txt`, origin.endlessUrl, origin.endlessUrl]);
    const first = created.body.jobs[0].id as string;
    await t.http().get(`/job/${first}?wait=30`).set(alice.auth);
    const res = await t.http().post(`/batches/${created.body.id}/cancel`).set(alice.auth);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ done: true, counts: { COMPLETED: 1, FAILED: 2, CREATED: 0, IN_PROGRESS: 0 } });
    expect(res.body.jobs.slice(1).map((job: { errorCode: string }) => job.errorCode)).toEqual(['CANCELLED', 'CANCELLED']);
  }, 60_000);

  it('deletes the batch with all its jobs', async () => {
    const created = await createBatch([`${origin.url}/notes.txt`, origin.endlessUrl]);
    const res = await t.http().delete(`/batches/${created.body.id}`).set(alice.auth);
    expect(res.status).toBe(204);
    expect((await t.http().get(`/batches/${created.body.id}`).set(alice.auth)).status).toBe(404);
    for (const job of created.body.jobs) expect((await t.http().get(`/job/${job.id}`).set(alice.auth)).status).toBe(404);
    expect(await t.prisma.job.count({ where: { batchId: created.body.id } })).toBe(0);
  });
});

describe('the batch webhook', () => {
  let receiver: Server;
  let hookUrl = '';
  const received: { headers: IncomingHttpHeaders; body: Buffer }[] = [];

  beforeAll(async () => {
    receiver = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push({ headers: request.headers, body: Buffer.concat(chunks) });
        response.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  });
  afterAll(() => new Promise((resolve) => receiver.close(resolve)));

  it('fires once, signed as job webhooks are, when both jobs have ended, with the batch id and counts', async () => {
    const created = await createBatch([`${origin.url}/notes.txt`, `${origin.url}/sample.md`], alice, { webhook: { url: hookUrl } });
    const done = await t.http().get(`/batches/${created.body.id}?wait=30`).set(alice.auth);
    expect(done.body).toMatchObject({ done: true, counts: { COMPLETED: 2 } });
    const deadline = Date.now() + 20_000;
    while (received.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    // Time for a second delivery, were there one (there must not be).
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(received).toHaveLength(1);
    const [delivery] = received as [(typeof received)[number]];
    const secret = (await t.app.get(ApiTokenRepository).webhookSecret(alice.id)) as string;
    expect(verifyWebhook(secret, delivery.headers[WebhookHeader.SIGNATURE.toLowerCase()] as string, delivery.body)).toBe(true);
    expect(delivery.headers[WebhookHeader.EVENT.toLowerCase()]).toBe('batch.completed');
    expect(JSON.parse(delivery.body.toString('utf8'))).toMatchObject({
      event: 'batch.completed',
      id: created.body.id,
      total: 2,
      counts: { COMPLETED: 2, FAILED: 0, CREATED: 0, IN_PROGRESS: 0 },
      batchUrl: `/batches/${created.body.id}`,
    });
    const after = await t.http().get(`/batches/${created.body.id}`).set(alice.auth);
    expect(after.body.webhook).toMatchObject({ url: hookUrl, status: 'DELIVERED', attempts: 1 });
  }, 60_000);

  it('fires once when a cancel ends the batch', async () => {
    received.length = 0;
    const created = await createBatch([origin.endlessUrl, origin.endlessUrl], alice, { webhook: { url: hookUrl } });
    expect((await t.http().post(`/batches/${created.body.id}/cancel`).set(alice.auth)).status).toBe(200);
    const deadline = Date.now() + 20_000;
    while (received.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(received).toHaveLength(1);
    expect(JSON.parse((received[0] as { body: Buffer }).body.toString('utf8'))).toMatchObject({
      id: created.body.id,
      counts: { FAILED: 2 },
    });
  }, 60_000);
});
