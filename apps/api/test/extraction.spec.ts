import { documentSchema } from '@docformat/converters/names';
import Ajv2020 from 'ajv/dist/2020';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type CountingOrigin, startCountingOrigin } from './support/counting-origin';
import { type WorkerProcess, startWorkerProcess, stopEndToEnd } from './support/worker-process';
import { PROBLEM_KEYS, startTestApp, type TestApp } from './test-app';

/**
 * Extraction jobs and raw outputs through the HTTP API and a real worker process:
 * POST /extract, the extraction in `result`, and GET /job/{id}/formats/{name}, which
 * renders from the stored tree without a second download and caches what it rendered.
 */
const QUEUE_PREFIX = `${process.env['QUEUE_PREFIX']}-extract-${process.pid}`;
const FIXTURES = join(__dirname, '../../../libs/converters/fixtures');
const JOB_TIMEOUT_MS = 60_000;
const validateDocument = new Ajv2020({ allErrors: true, strict: true }).compile(documentSchema);

let t: TestApp;
let alice: Awaited<ReturnType<TestApp['newClient']>>;
let origin: CountingOrigin;
let worker: WorkerProcess;

beforeAll(async () => {
  t = await startTestApp({ QUEUE_PREFIX });
  alice = await t.newClient('alice-extract');
  origin = await startCountingOrigin({
    '/handbook.pdf': { file: 'sample.pdf', type: 'application/pdf' },
    '/report.docx': { file: 'office-docs/source.docx', type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
    '/workbook.xlsx': { file: 'office-data/workbook.xlsx', type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
    '/field-report.html': { file: 'extraction/field-report.html', type: 'text/html; charset=utf-8' },
    '/render-me.pdf': { file: 'sample.pdf', type: 'application/pdf' },
    '/format-job.pdf': { file: 'sample.pdf', type: 'application/pdf' },
    '/merged-cells.html': { file: 'pdf-html/tables-code.html', type: 'text/html; charset=utf-8' },
  });
  worker = await startWorkerProcess({ QUEUE_PREFIX, FETCH_ALLOW_PRIVATE: 'true', WORKER_CONCURRENCY: '2', OCR_THREADS: '1' });
}, 90_000);

afterAll(() => stopEndToEnd(t, worker, origin?.server, QUEUE_PREFIX));

async function completed(id: string): Promise<Record<string, unknown>> {
  const polled = await t
    .http()
    .get(`/job/${id}?wait=${JOB_TIMEOUT_MS / 1000}`)
    .set(alice.auth);
  expect(polled.status).toBe(200);
  expect(polled.body).toMatchObject({ status: 'COMPLETED' });
  return polled.body as Record<string, unknown>;
}

async function extract(path: string, options?: Record<string, unknown>): Promise<Record<string, unknown>> {
  const created = await t
    .http()
    .post('/extract')
    .set(alice.auth)
    .send({ file: origin.url(path), ...(options ? { options } : {}) });
  expect(created.status).toBe(202);
  expect(created.headers['location']).toBe(`/job/${created.body.id}`);
  expect(created.body).toMatchObject({ status: 'CREATED', type: 'extraction', formats: {}, pages: 0 });
  return completed(created.body.id as string);
}

const formatLinks = (id: unknown) =>
  Object.fromEntries(['text', 'markdown', 'html', 'json', 'chunks'].map((name) => [name, `/job/${id}/formats/${name}`]));

/** GET a raw output as text, whatever its media type. */
const raw = (path: string) =>
  t
    .http()
    .get(path)
    .set(alice.auth)
    .buffer(true)
    .parse((res, done) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => done(null, text));
    });

describe('POST /extract', () => {
  it.each([
    ['a PDF', '/handbook.pdf', 'application/pdf'],
    ['a DOCX', '/report.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ['an XLSX', '/workbook.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    ['an HTML page', '/field-report.html', 'text/html'],
  ])(
    'extracts %s into the document tree, its tables, links, images and metadata, and links every format',
    async (_name, path, mimeType) => {
      const job = await extract(path);
      expect(job).toMatchObject({ type: 'extraction', requestedFormats: [], error: null });
      expect(job['formats']).toEqual(formatLinks(job['id']));
      const result = job['result'] as Record<string, unknown>;
      expect(Object.keys(result)).toEqual(['mimeType', 'bytes', 'sha256', 'metadata', 'warnings', 'document', 'tables', 'links', 'images']);
      expect(result).toMatchObject({ mimeType, warnings: [] });
      expect(validateDocument(result['document'])).toBe(true);
      expect(result['document']).toMatchObject({ schemaVersion: '1.3', pages: job['pages'] });
      const { tables, links, images, metadata } = result as Record<string, Array<Record<string, unknown>>> & {
        metadata: Record<string, string>;
      };
      // The DOCX's one picture is listed with its alt text; at 4 × 4 pixels it is not kept (IMAGE_MIN_SIDE_PX), so it has no number.
      expect(images).toEqual(path === '/report.docx' ? [{ alt: 'A tiny red square', page: 1 }] : []);
      switch (path) {
        case '/handbook.pdf':
          expect(metadata).toMatchObject({ title: 'Document Conversion Handbook', author: 'Ada Example' });
          expect(tables).toEqual([
            expect.objectContaining({
              index: 0,
              page: 2,
              headerRows: 1,
              bbox: expect.any(Array),
              rows: expect.arrayContaining([['Format', 'Media type', 'Notes']]),
            }),
          ]);
          expect(links).toEqual([{ href: 'https://example.com/spec', text: 'project specification', page: 1 }]);
          break;
        case '/report.docx':
          expect(tables).toEqual([
            expect.objectContaining({ page: 1, headerRows: 1, rows: expect.arrayContaining([['Region', 'Sales', 'Growth']]) }),
          ]);
          expect(links).toEqual([{ href: 'https://example.com/project', text: 'project site', page: 1 }]);
          break;
        case '/workbook.xlsx':
          expect(tables.map((table) => [table['page'], (table['rows'] as string[][])[0]])).toEqual([
            [1, ['Region', 'Closed', 'Revenue', 'Share']],
            [2, ['Topic', 'Detail']],
          ]);
          expect(links).toEqual([]);
          break;
        default:
          expect(metadata).toMatchObject({ title: 'Field Report', author: 'Docformat Fixtures', language: 'en' });
          expect(tables).toEqual([
            {
              index: 0,
              page: 1,
              caption: 'Table 1: Birds counted per site',
              headerRows: 1,
              rows: [
                ['Site', 'Species', 'Birds'],
                ['North marsh', '12', '340'],
                ['East meadow', '9', '128'],
                ['South wood', '15', '211'],
              ],
            },
          ]);
          expect(links).toEqual([
            { href: 'https://example.com/survey', text: 'survey protocol', page: 1 },
            { href: 'methods.html', text: 'methods page', page: 1 },
            { href: 'https://example.com/weather', text: 'the weather log', page: 1 },
          ]);
      }
    },
    JOB_TIMEOUT_MS,
  );

  it('takes an uploaded file with an options part, and options as in format (ocr, languages, pages)', async () => {
    const created = await t
      .http()
      .post('/extract')
      .set(alice.auth)
      .attach('file', readFileSync(join(FIXTURES, 'sample.pdf')), { filename: 'handbook.pdf', contentType: 'application/pdf' })
      .field('options', JSON.stringify({ pages: '2-3', ocr: 'off' }));
    expect(created.status).toBe(202);
    expect(created.body).toMatchObject({ type: 'extraction', fileName: 'handbook.pdf' });
    const job = await completed(created.body.id);
    expect(job['result']).toMatchObject({ pagesConverted: [2, 3], document: { pagesConverted: [2, 3] } });
  });

  it('refuses what is not an extraction request, naming the field', async () => {
    const post = (body: unknown) =>
      t
        .http()
        .post('/extract')
        .set(alice.auth)
        .send(body as object);
    const cases: Array<[unknown, string, string]> = [
      [{}, 'file', 'file is required'],
      [{ file: 'https://example.com/a.pdf', options: { pages: '3-1' } }, 'options.pages', 'options.pages'],
      [{ file: 'https://example.com/a.pdf', options: { languages: ['xx'] } }, 'options.languages', 'xx'],
      [{ file: 'https://example.com/a.pdf', options: { ocr: 'sometimes' } }, 'options.ocr', 'options.ocr must be one of auto, force, off'],
      [{ file: 'https://example.com/a.pdf', format: { type: 'markdown' } }, 'format', 'format'],
      [{ file: 'https://example.com/a.pdf', options: { pageMarkers: true } }, 'options.pageMarkers', 'pageMarkers'],
    ];
    for (const [body, field, message] of cases) {
      const res = await post(body);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
      expect(res.body.errors).toEqual(
        expect.arrayContaining([expect.objectContaining({ field, message: expect.stringContaining(message) })]),
      );
    }
    const upload = await t.http().post('/extract').set(alice.auth).attach('file', Buffer.from('hi'), 'a.txt').field('format', '{}');
    expect(upload.status).toBe(400);
    expect(upload.body.errors).toEqual([
      expect.objectContaining({ field: 'format', message: expect.stringContaining('send file, options and webhook') }),
    ]);
  });
});

describe('GET /job/{id}/formats/{name}', () => {
  it(
    'renders every format from the stored tree without a second download, and answers the same request from its cache',
    async () => {
      const job = await extract('/render-me.pdf');
      const id = job['id'] as string;
      const markdown = await raw(`/job/${id}/formats/markdown`);
      expect(markdown.status).toBe(200);
      expect(markdown.headers['content-type']).toBe('text/markdown; charset=utf-8');
      expect(markdown.headers['docformat-output']).toBe('rendered');
      expect(markdown.body).toMatch(/^# Document Conversion Handbook$/m);

      const chunksPath = `/job/${id}/formats/chunks?maxTokens=64&overlapTokens=8&strategy=size`;
      const chunks = await raw(chunksPath);
      expect(chunks.headers['content-type']).toBe('application/json; charset=utf-8');
      const parsed = JSON.parse(chunks.body) as Array<{ tokens: number; pages: [number, number] }>;
      expect(parsed.length).toBeGreaterThan(10);
      expect(parsed.every((chunk) => chunk.tokens <= 64)).toBe(true);
      expect(parsed[parsed.length - 1]?.pages[1]).toBe(4);

      const json = await raw(`/job/${id}/formats/json`);
      expect(JSON.parse(json.body)).toEqual((job['result'] as Record<string, unknown>)['document']);
      const html = await raw(`/job/${id}/formats/html`);
      expect(html.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(html.headers['content-security-policy']).toContain("default-src 'none'");
      const text = await raw(`/job/${id}/formats/text?pageMarkers=true`);
      expect(text.body.split('\f')).toHaveLength(4);

      // The second time: from the cache, byte for byte, and nothing rendered again.
      const renditions = () => t.prisma.jobRendition.findMany({ where: { jobId: id }, orderBy: { key: 'asc' } });
      const before = await renditions();
      expect(before.map((rendition) => rendition.key)).toEqual([
        'chunks?maxTokens=64&overlapTokens=8&strategy=size',
        'html?images=placeholder',
        'json?images=placeholder',
        'markdown?pageMarkers=false&tables=markdown&images=placeholder',
        'text?pageMarkers=true&images=placeholder',
      ]);
      const again = await raw(chunksPath);
      expect(again.headers['docformat-output']).toBe('cached');
      expect(again.body).toBe(chunks.body);
      // The same options spelt otherwise (defaults written out, another order) are the same rendition.
      expect((await raw(`/job/${id}/formats/markdown?pageMarkers=false`)).headers['docformat-output']).toBe('cached');
      expect(await renditions()).toEqual(before);
      expect(origin.hits('/render-me.pdf')).toBe(1);
    },
    JOB_TIMEOUT_MS,
  );

  it(
    "returns a format job's stored outputs as stored, and renders the others from its tree",
    async () => {
      const created = await t
        .http()
        .post('/format')
        .set(alice.auth)
        .send({ file: origin.url('/format-job.pdf'), format: { type: ['markdown', 'json'], pageMarkers: true } });
      const job = await completed(created.body.id);
      const id = job['id'] as string;
      const formats = job['formats'] as Record<string, unknown>;

      const markdown = await raw(`/job/${id}/formats/markdown`);
      expect(markdown.headers['docformat-output']).toBe('stored');
      expect(markdown.headers['content-type']).toBe('text/markdown; charset=utf-8');
      expect(markdown.body).toBe(formats['markdown']);
      expect(markdown.body).toContain('<!-- page 2 -->');
      const json = await raw(`/job/${id}/formats/json`);
      expect(json.headers['docformat-output']).toBe('stored');
      expect(JSON.parse(json.body)).toEqual(formats['json']);

      // Other options than the job's, or a format it did not ask for: rendered from its tree.
      const plain = await raw(`/job/${id}/formats/markdown?pageMarkers=false`);
      expect(plain.headers['docformat-output']).toBe('rendered');
      expect(plain.body).not.toContain('<!-- page');
      const text = await raw(`/job/${id}/formats/text`);
      expect(text.headers['docformat-output']).toBe('rendered');
      expect(text.body.split('\f')).toHaveLength(4); // the job's pageMarkers apply
      expect(origin.hits('/format-job.pdf')).toBe(1);

      // A job from before trees were stored keeps what it rendered, and says why it has nothing else.
      await t.prisma.jobDocument.delete({ where: { jobId: id } });
      expect((await raw(`/job/${id}/formats/markdown`)).headers['docformat-output']).toBe('stored');
      const html = await t.http().get(`/job/${id}/formats/html`).set(alice.auth);
      expect(html.status).toBe(409);
      expect(html.body).toMatchObject({
        code: 'DOCUMENT_NOT_STORED',
        detail: expect.stringContaining('It has markdown, json as rendered then'),
      });
    },
    JOB_TIMEOUT_MS,
  );

  it('answers problems: an unknown format or job, a job of another client, a job not COMPLETED, wrong parameters', async () => {
    const job = await extract('/handbook.pdf');
    const id = job['id'] as string;
    const get = (path: string, auth = alice.auth) => t.http().get(path).set(auth);

    const unknownFormat = await get(`/job/${id}/formats/pdf`);
    expect(unknownFormat.status).toBe(404);
    expect(unknownFormat.headers['content-type']).toBe('application/problem+json; charset=utf-8');
    expect(Object.keys(unknownFormat.body).sort()).toEqual(PROBLEM_KEYS);
    expect(unknownFormat.body.detail).toBe('There is no output format "pdf"; the formats are text, markdown, html, json, chunks.');
    expect((await get(`/job/${randomUUID()}/formats/markdown`)).status).toBe(404);
    expect((await get(`/job/not-a-uuid/formats/markdown`)).status).toBe(404);
    const bob = await t.newClient('bob-extract');
    expect((await get(`/job/${id}/formats/markdown`, bob.auth)).status).toBe(404);

    const waiting = randomUUID();
    await t.prisma.job.create({
      data: { id: waiting, ownerId: alice.id, type: 'extraction', fileUrl: 'https://example.com/x.pdf', requestedFormats: [] },
    });
    const notYet = await get(`/job/${waiting}/formats/markdown`);
    expect(notYet.status).toBe(409);
    expect(notYet.body).toMatchObject({
      code: 'JOB_NOT_COMPLETED',
      status: 409,
      jobStatus: 'CREATED',
      detail: expect.stringContaining('is CREATED'),
    });
    await t.prisma.job.delete({ where: { id: waiting } });

    const wrong = await get(`/job/${id}/formats/chunks?maxTokens=5&pageMarkers=true`);
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual([
      {
        field: 'pageMarkers',
        message: 'pageMarkers is not a parameter of the chunks format; its parameters are maxTokens, overlapTokens, strategy',
      },
      { field: 'maxTokens', message: 'maxTokens must be a whole number from 16 to 8192 (got 5)' },
    ]);
  });

  it(
    'writes merged cells as an HTML table in markdown when the job or the request says tables: "html", as spans in json',
    async () => {
      const created = await t
        .http()
        .post('/format')
        .set(alice.auth)
        .send({ file: origin.url('/merged-cells.html'), format: { type: ['markdown', 'json'], tables: 'html' } });
      expect(created.status).toBe(202);
      const job = await completed(created.body.id);
      const id = job['id'] as string;
      const { markdown, json } = job['formats'] as { markdown: string; json: { blocks: Array<Record<string, unknown>> } };
      expect(markdown).toContain('<tr><td rowspan="2">PDF</td><td>pages</td><td>50</td><td>after decryption</td></tr>');
      expect(json.blocks.find((block) => block['type'] === 'table')).toMatchObject({
        rows: expect.arrayContaining([expect.objectContaining({ cells: expect.arrayContaining([{ text: 'PDF', rowSpan: 2 }]) })]),
      });
      // The same tree as pipe tables when asked, then back to the job's own choice.
      const pipes = await raw(`/job/${id}/formats/markdown?tables=markdown`);
      expect(pipes.headers['docformat-output']).toBe('rendered');
      expect(pipes.body).toContain('| PDF | pages | 50 | after decryption |');
      expect((await raw(`/job/${id}/formats/markdown`)).headers['docformat-output']).toBe('stored');
      const refused = await t.http().get(`/job/${id}/formats/markdown?tables=latex`).set(alice.auth);
      expect(refused.status).toBe(400);
      expect(refused.body.errors).toEqual([{ field: 'tables', message: 'tables must be one of markdown, html (got "latex")' }]);
    },
    JOB_TIMEOUT_MS,
  );

  it('deletes the tree and its renditions with the job', async () => {
    const job = await extract('/handbook.pdf');
    const id = job['id'] as string;
    expect((await raw(`/job/${id}/formats/html`)).status).toBe(200);
    expect((await t.http().delete(`/job/${id}`).set(alice.auth)).status).toBe(204);
    expect(await t.prisma.jobDocument.count({ where: { jobId: id } })).toBe(0);
    expect(await t.prisma.jobRendition.count({ where: { jobId: id } })).toBe(0);
    expect((await raw(`/job/${id}/formats/html`)).status).toBe(404);
  });
});
