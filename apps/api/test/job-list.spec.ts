import { ClientJobRepository } from '@docformat/db';
import { startTestApp, submitJob, type TestApp } from './test-app';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const submit = (client: { auth: { Authorization: string } }, file = 'https://example.com/doc.pdf') =>
  submitJob(t, client, { file, format: { type: 'text' } });

async function page(client: { auth: { Authorization: string } }, query: Record<string, string | number>) {
  const res = await t.http().get('/jobs').query(query).set(client.auth);
  expect(res.status).toBe(200);
  return res.body as { jobs: { id: string; createdAt: string; status: string }[]; nextCursor: string | null };
}

describe('GET /jobs', () => {
  it("lists the client's own jobs newest first, without outputs or result", async () => {
    const carol = await t.newClient('carol-list');
    const other = await t.newClient('other-list');
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push(await submit(carol, `https://example.com/${i}.pdf`));
    await submit(other);
    const body = await page(carol, {});
    expect(body.jobs.map((job) => job.id)).toEqual([...ids].reverse());
    expect(body.nextCursor).toBeNull();
    expect(Object.keys(body.jobs[0] as object).sort()).toEqual(
      [
        'attempts',
        'completedAt',
        'createdAt',
        'error',
        'fileName',
        'id',
        'pages',
        'requestedFormats',
        'startedAt',
        'status',
        'type',
        'updatedAt',
      ].sort(),
    );
    expect(body.jobs[0]).toMatchObject({
      status: 'CREATED',
      type: 'format',
      fileName: 'https://example.com/2.pdf',
      requestedFormats: ['text'],
    });
  });

  it('pages through every job exactly once while new jobs keep arriving', async () => {
    const dave = await t.newClient('dave-list');
    const before = [];
    for (let i = 0; i < 23; i++) before.push(await submit(dave));
    const seen: string[] = [];
    let cursor: string | null = null;
    const arriving: string[] = [];
    do {
      const body = await page(dave, { limit: 5, ...(cursor ? { cursor } : {}) });
      expect(body.jobs.length).toBeLessThanOrEqual(5);
      seen.push(...body.jobs.map((job) => job.id));
      // Jobs created between pages are newer than every cursor: they never shift a page.
      arriving.push(...(await Promise.all([submit(dave), submit(dave)])));
      cursor = body.nextCursor;
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual([...before].reverse());
    expect(arriving.every((id) => !seen.includes(id))).toBe(true);
  });

  it('filters by status and type', async () => {
    const erin = await t.newClient('erin-list');
    const kept = await submit(erin);
    const cancelled = await submit(erin);
    await t.app.get(ClientJobRepository).cancel(cancelled, erin.id, 'cancelled');
    expect((await page(erin, { status: 'FAILED' })).jobs.map((job) => job.id)).toEqual([cancelled]);
    expect((await page(erin, { status: 'CREATED', type: 'format' })).jobs.map((job) => job.id)).toEqual([kept]);
    expect((await page(erin, { type: 'extraction' })).jobs).toEqual([]);
  });

  it.each([
    [{ limit: 0 }, 'limit'],
    [{ limit: 101 }, 'limit'],
    [{ limit: 'ten' }, 'limit'],
    [{ status: 'DONE' }, 'status'],
    [{ type: 'other' }, 'type'],
    [{ cursor: 'not-a-cursor' }, 'cursor'],
    [{ colour: 'blue' }, 'colour'],
  ])('refuses %p with a 400 naming %s', async (query, field) => {
    const client = await t.newClient('bad-list');
    const res = await t.http().get('/jobs').query(query).set(client.auth);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(res.body.errors[0].field).toBe(field);
  });

  it('needs a token', async () => {
    expect((await t.http().get('/jobs')).status).toBe(401);
  });
});
