import { prepareTestDatabase, startFixtureOrigin, testEnvironment, type FixtureOrigin } from '@docformat/testing';
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

let t: TestApp;
let worker: WorkerProcess;
let origin: FixtureOrigin;
let alice: Awaited<ReturnType<TestApp['newClient']>>;
let bob: Awaited<ReturnType<TestApp['newClient']>>;

beforeAll(async () => {
  await prepareTestDatabase(ISOLATED);
  t = await startTestApp({ DATABASE_URL, QUEUE_PREFIX, FETCH_ALLOW_PRIVATE: 'true' });
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
