import { JobQueue } from '@docformat/queue';
import { Client } from 'pg';
import { startTestApp, type TestApp } from './test-app';

let t: TestApp;
let client: Awaited<ReturnType<TestApp['newClient']>>;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

beforeAll(async () => {
  t = await startTestApp();
  client = await t.newClient('format-tests');
});
afterAll(() => t.close());

describe('POST /format', () => {
  it('answers 202 with Location and exactly the spec record, and queues the job id', async () => {
    const res = await t
      .http()
      .post('/format')
      .set(client.auth)
      .send({ file: 'https://example.com/report.pdf', format: { type: 'markdown' } });

    expect(res.status).toBe(202);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(Object.keys(res.body).sort()).toEqual(['createdAt', 'fileName', 'formats', 'id', 'pages', 'status', 'type']);
    expect(res.body).toEqual({
      id: expect.stringMatching(UUID),
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      status: 'CREATED',
      pages: 0,
      fileName: 'https://example.com/report.pdf',
      type: 'format',
      formats: {},
    });
    expect(res.headers['location']).toBe(`/job/${res.body.id}`);

    const row = await t.prisma.job.findUniqueOrThrow({ where: { id: res.body.id } });
    expect(row).toMatchObject({ ownerId: client.id, status: 'CREATED', requestedFormats: ['markdown'], attempts: 0 });

    // The entry's id is the job's (its payload, `{ jobId }`, is checked in libs/queue).
    expect(await t.app.get(JobQueue).state(res.body.id)).toBe('prioritized');
  });

  it('accepts an array of formats and keeps each once, in order', async () => {
    const res = await t
      .http()
      .post('/format')
      .set(client.auth)
      .send({ file: 'http://example.com/a.html', format: { type: ['text', 'markdown', 'text'] } });
    expect(res.status).toBe(202);
    const row = await t.prisma.job.findUniqueOrThrow({ where: { id: res.body.id } });
    expect(row.requestedFormats).toEqual(['text', 'markdown']);
  });

  it('stores the conversion options the client set, and only those', async () => {
    const format = { type: 'markdown', ocr: 'force', languages: ['eng', 'deu', 'eng'], pages: '1-3, 7', pageMarkers: true };
    const res = await t.http().post('/format').set(client.auth).send({ file: 'https://example.com/scan.pdf', format });
    expect(res.status).toBe(202);
    const row = await t.prisma.job.findUniqueOrThrow({ where: { id: res.body.id } });
    expect(row.options).toEqual({ ocr: 'force', languages: ['eng', 'deu'], pages: '1-3, 7', pageMarkers: true });

    const plain = await t
      .http()
      .post('/format')
      .set(client.auth)
      .send({ file: 'https://example.com/a.pdf', format: { type: 'text', ocr: 'off' } });
    expect((await t.prisma.job.findUniqueOrThrow({ where: { id: plain.body.id } })).options).toEqual({ ocr: 'off' });
    const none = await t
      .http()
      .post('/format')
      .set(client.auth)
      .send({ file: 'https://example.com/a.pdf', format: { type: 'text' } });
    expect((await t.prisma.job.findUniqueOrThrow({ where: { id: none.body.id } })).options).toBeNull();
  });

  it('takes languages: ["auto"] (each page read in its own installed language) and the newly installed languages', async () => {
    for (const languages of [['auto'], ['chi_sim', 'jpn', 'ara', 'por', 'ita']]) {
      const res = await t
        .http()
        .post('/format')
        .set(client.auth)
        .send({ file: 'https://example.com/scan.pdf', format: { type: 'text', ocr: 'force', languages } });
      expect(res.status).toBe(202);
      expect((await t.prisma.job.findUniqueOrThrow({ where: { id: res.body.id } })).options).toEqual({ ocr: 'force', languages });
    }
  });

  it('stores the chunking options the client set, and only those, for any format', async () => {
    const res = await t
      .http()
      .post('/format')
      .set(client.auth)
      .send({
        file: 'https://example.com/a.pdf',
        format: { type: ['chunks', 'json', 'html'], chunking: { maxTokens: 256, strategy: 'size' } },
      });
    expect(res.status).toBe(202);
    const row = await t.prisma.job.findUniqueOrThrow({ where: { id: res.body.id } });
    expect(row.requestedFormats).toEqual(['chunks', 'json', 'html']);
    expect(row.options).toEqual({ chunking: { maxTokens: 256, strategy: 'size' } });
  });

  it('commits the row before the job is queued, so the 202 never names a missing job', async () => {
    const queue = t.app.get(JobQueue);
    const seen: (string | null)[] = [];
    const original = queue.enqueueConversion.bind(queue);
    const spy = jest.spyOn(queue, 'enqueueConversion').mockImplementation(async (jobId, timeoutMs) => {
      // A separate connection only sees committed rows.
      const pg = new Client({ connectionString: t.config.DATABASE_URL });
      await pg.connect();
      const { rows } = await pg.query<{ status: string }>('SELECT status FROM jobs WHERE id = $1', [jobId]);
      await pg.end();
      seen.push(rows[0]?.status ?? null);
      return original(jobId, timeoutMs);
    });
    try {
      const res = await t
        .http()
        .post('/format')
        .set(client.auth)
        .send({ file: 'https://example.com/x.pdf', format: { type: 'text' } });
      expect(res.status).toBe(202);
      expect(seen).toEqual(['CREATED']);
    } finally {
      spy.mockRestore();
    }
  });

  it('gives 100 concurrent submissions 100 distinct ids and 100 queue entries', async () => {
    const responses = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        t
          .http()
          .post('/format')
          .set(client.auth)
          .send({ file: `https://example.com/doc-${i}.pdf`, format: { type: 'text' } }),
      ),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(100).fill(202));
    const ids = new Set(responses.map((r) => r.body.id as string));
    expect(ids.size).toBe(100);

    const queue = t.app.get(JobQueue);
    const states = await Promise.all([...ids].map((id) => queue.state(id)));
    expect(states.filter((state) => state === 'prioritized')).toHaveLength(100);
    expect(await t.prisma.job.count({ where: { id: { in: [...ids] } } })).toBe(100);
  });
});
