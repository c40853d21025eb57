import { randomUUID } from 'node:crypto';
import { startTestApp, PROBLEM_KEYS, type TestApp } from './test-app';

let t: TestApp;
let alice: Awaited<ReturnType<TestApp['newClient']>>;
let bob: Awaited<ReturnType<TestApp['newClient']>>;

beforeAll(async () => {
  t = await startTestApp();
  alice = await t.newClient('alice');
  bob = await t.newClient('bob');
});
afterAll(() => t.close());

async function submit(formats: string | string[] = 'markdown'): Promise<string> {
  const res = await t
    .http()
    .post('/format')
    .set(alice.auth)
    .send({ file: 'https://example.com/doc.pdf', format: { type: formats } });
  expect(res.status).toBe(202);
  return res.body.id;
}

const POLL_KEYS = [
  'attempts',
  'completedAt',
  'createdAt',
  'error',
  'fileName',
  'formats',
  'id',
  'pages',
  'requestedFormats',
  'result',
  'startedAt',
  'status',
  'type',
  'updatedAt',
];

describe('GET /job/{id}', () => {
  it('returns a new job with empty result and formats and no error', async () => {
    const id = await submit();
    const res = await t.http().get(`/job/${id}`).set(alice.auth);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(POLL_KEYS);
    expect(res.body).toMatchObject({
      id,
      status: 'CREATED',
      pages: 0,
      type: 'format',
      fileName: 'https://example.com/doc.pdf',
      result: {},
      formats: {},
      error: null,
      startedAt: null,
      completedAt: null,
      requestedFormats: ['markdown'],
      attempts: 0,
    });
  });

  it('shows every requested output and the source description once COMPLETED', async () => {
    const id = await submit(['markdown', 'text']);
    const result = { mimeType: 'application/pdf', bytes: 1234, sha256: 'ab'.repeat(32), metadata: { title: 'Report' } };
    await t.prisma.job.update({
      where: { id },
      data: {
        status: 'COMPLETED',
        pages: 3,
        result,
        startedAt: new Date(),
        completedAt: new Date(),
        outputs: {
          create: [
            { format: 'text', content: 'Report' },
            { format: 'markdown', content: '# Report' },
          ],
        },
      },
    });
    const res = await t.http().get(`/job/${id}`).set(alice.auth);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'COMPLETED', pages: 3, result, error: null });
    expect(res.body.formats).toEqual({ markdown: '# Report', text: 'Report' });
    expect(res.body.completedAt).toEqual(expect.any(String));
  });

  it('shows the error code and message once FAILED, and no outputs', async () => {
    const id = await submit();
    await t.prisma.job.update({
      where: { id },
      data: {
        status: 'FAILED',
        errorCode: 'DOWNLOAD_FAILED',
        errorMessage: 'The server at example.com answered 404 Not Found',
        completedAt: new Date(),
      },
    });
    const res = await t.http().get(`/job/${id}`).set(alice.auth);
    expect(res.body).toMatchObject({
      status: 'FAILED',
      formats: {},
      result: {},
      error: { code: 'DOWNLOAD_FAILED', message: 'The server at example.com answered 404 Not Found' },
    });
  });

  it('answers "extraction" as the type of a job made without one', async () => {
    const row = await t.prisma.job.create({
      data: { id: randomUUID(), ownerId: alice.id, fileUrl: 'https://example.com/e.pdf', requestedFormats: [] },
    });
    const res = await t.http().get(`/job/${row.id}`).set(alice.auth);
    expect(res.body.type).toBe('extraction');
  });

  it.each([
    ["another client's job", async () => submit()],
    ['an unknown id', async () => '7d4a2f2e-9a51-4c39-9d0e-1f3c5d9b0a11'],
    ['a malformed id', async () => 'not-a-uuid'],
  ])('answers 404 alike for %s', async (_label, id) => {
    const res = await t
      .http()
      .get(`/job/${await id()}`)
      .set(bob.auth);
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(Object.keys(res.body).sort()).toEqual(PROBLEM_KEYS);
    expect(res.body).toMatchObject({ status: 404, code: 'NOT_FOUND', title: 'Not Found' });
  });
});
