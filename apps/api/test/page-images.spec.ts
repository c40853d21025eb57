import { createPrismaClient, type PrismaClient } from '@docformat/db';
import { startFixtureOrigin, startRunningService, waitFor, type FixtureOrigin, type RunningService } from '@docformat/testing';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, readFile } from 'node:fs/promises';
import { get as httpGet } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { imageSize } from './support/image-size';

/**
 * GET /job/{id}/pages/{n} through a real API process and a real worker process: the
 * worker keeps the source it converted, the API draws pages from it in its rendering
 * threads, and its main thread never loads pdf.js, pdf-parse or Skia.
 */
const FIXTURES = join(__dirname, '../../../libs/converters/fixtures');
const QUEUE_PREFIX = `${process.env['QUEUE_PREFIX']}-pages-${process.pid}`;
/** Below scanned-report.pdf (436 KB), above tables.pdf (42 KB). */
const SOURCE_CAP = 200_000;

let service: RunningService;
let origin: FixtureOrigin;
let prisma: PrismaClient;
let alice: { Authorization: string };
let recordFile: string;

beforeAll(async () => {
  recordFile = join(await mkdtemp(join(tmpdir(), 'pages-')), 'modules.json');
  origin = await startFixtureOrigin(FIXTURES);
  service = await startRunningService({
    QUEUE_PREFIX,
    FETCH_ALLOW_PRIVATE: 'true',
    WORKER_CONCURRENCY: '2',
    OCR_THREADS: '1',
    PAGE_SOURCE_MAX_BYTES: String(SOURCE_CAP),
    MODULE_RECORD_FILE: recordFile,
    NODE_OPTIONS: `${process.env['NODE_OPTIONS'] ?? ''} --require ${join(__dirname, 'support/module-record.cjs')}`,
  });
  prisma = createPrismaClient(process.env['DATABASE_URL'] as string, 1);
  alice = { Authorization: `Bearer ${await service.newToken('alice-pages')}` };
}, 120_000);

afterAll(async () => {
  await service?.stop();
  await origin?.close();
  await prisma?.$disconnect();
});

const get = (path: string, auth = alice) => fetch(`${service.url}${path}`, { headers: auth });

async function submit(body: Record<string, unknown> | FormData): Promise<string> {
  const json = !(body instanceof FormData);
  const res = await fetch(`${service.url}/format`, {
    method: 'POST',
    headers: { ...alice, ...(json ? { 'content-type': 'application/json' } : {}) },
    body: json ? JSON.stringify(body) : body,
  });
  expect(res.status).toBe(202);
  return ((await res.json()) as { id: string }).id;
}

async function ended(id: string, status = 'COMPLETED'): Promise<void> {
  const res = await get(`/job/${id}?wait=60`);
  expect(await res.json()).toMatchObject({ id, status });
}

async function converted(file: string): Promise<string> {
  const id = await submit({ file: `${origin.url}/${file}`, format: { type: 'markdown' } });
  await ended(id);
  return id;
}

async function image(path: string): Promise<{ res: Response; body: Buffer }> {
  const res = await get(path);
  return { res, body: Buffer.from(await res.arrayBuffer()) };
}

async function problem(path: string, status: number, code: string): Promise<Record<string, unknown>> {
  const res = await get(path);
  const body = (await res.json()) as Record<string, unknown>;
  expect({ status: res.status, code: body['code'] }).toEqual({ status, code });
  expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  return body;
}

describe('GET /job/{id}/pages/{n} (real API and worker processes)', () => {
  let pdf: string;

  beforeAll(async () => {
    pdf = await converted('pdf-structure/tables.pdf');
  }, 90_000);

  it('draws a PDF page as PNG at 110 dpi by default and as WebP at the dpi asked, then answers from the cache', async () => {
    const first = await image(`/job/${pdf}/pages/2`);
    expect(first.res.status).toBe(200);
    expect(first.res.headers.get('content-type')).toBe('image/png');
    expect(first.res.headers.get('docformat-output')).toBe('rendered');
    expect(first.res.headers.get('cache-control')).toBe('private, max-age=3600');
    // US Letter, 612 × 792 points: 935 × 1210 pixels at 110 dpi.
    expect(imageSize(first.body)).toEqual({ type: 'png', width: 935, height: 1210 });

    const again = await image(`/job/${pdf}/pages/2`);
    expect(again.res.headers.get('docformat-output')).toBe('cached');
    expect(again.body.equals(first.body)).toBe(true);
    const etag = again.res.headers.get('etag');
    expect(etag).toBeTruthy();
    // node:http, not fetch: fetch adds Cache-Control: no-cache to a conditional request, which asks for the body.
    const revalidated = await new Promise<number | undefined>((resolve, reject) =>
      httpGet(`${service.url}/job/${pdf}/pages/2`, { headers: { ...alice, 'if-none-match': etag as string } }, (res) => {
        res.resume();
        resolve(res.statusCode);
      }).on('error', reject),
    );
    expect(revalidated).toBe(304);

    const webp = await image(`/job/${pdf}/pages/1?dpi=72&format=webp`);
    expect(webp.res.headers.get('content-type')).toBe('image/webp');
    expect(imageSize(webp.body)).toEqual({ type: 'webp', width: 612, height: 792 });
    expect(await prisma.jobPageImage.count({ where: { jobId: pdf } })).toBe(2);
  });

  it('draws an uploaded image as its one page', async () => {
    const form = new FormData();
    form.append('format', JSON.stringify({ type: 'text' }));
    form.append('file', new Blob([readFileSync(join(FIXTURES, 'ocr/report.png'))], { type: 'image/png' }), 'report.png');
    const id = await submit(form);
    await ended(id);
    const drawn = await image(`/job/${id}/pages/1?dpi=72`);
    expect(drawn.res.status).toBe(200);
    expect(imageSize(drawn.body).type).toBe('png');
    expect(await problem(`/job/${id}/pages/2`, 404, 'PAGE_OUT_OF_RANGE')).toMatchObject({ pageCount: 1 });
  }, 90_000);

  it('refuses bad parameters, pages past the end and other clients', async () => {
    const bad = await problem(`/job/${pdf}/pages/0?dpi=301&format=gif`, 400, 'VALIDATION_FAILED');
    expect((bad['errors'] as { field: string }[]).map((error) => error.field)).toEqual(['n', 'dpi', 'format']);
    await problem(`/job/${pdf}/pages/1?dpi=35`, 400, 'VALIDATION_FAILED');
    expect(await problem(`/job/${pdf}/pages/3`, 404, 'PAGE_OUT_OF_RANGE')).toMatchObject({
      detail: 'There is no page 3: the document has 2 pages.',
      pageCount: 2,
    });
    const bob = { Authorization: `Bearer ${await service.newToken('bob-pages')}` };
    const res = await get(`/job/${pdf}/pages/1`, bob);
    expect(res.status).toBe(404);
    await problem(`/job/${randomUUID()}/pages/1`, 404, 'NOT_FOUND');
  });

  it('says why there is nothing to draw: no pages, not kept, not completed', async () => {
    const docx = await converted('office-docs/source.docx');
    await problem(`/job/${docx}/pages/1`, 422, 'NO_PAGE_IMAGES');
    const big = await converted('scanned/scanned-report.pdf');
    expect(await prisma.jobSource.count({ where: { jobId: big } })).toBe(0);
    await problem(`/job/${big}/pages/1`, 409, 'SOURCE_NOT_KEPT');

    const failed = await submit({ file: `${origin.url}/no-such-file.pdf`, format: { type: 'text' } });
    await ended(failed, 'FAILED');
    expect(await problem(`/job/${failed}/pages/1`, 409, 'JOB_NOT_COMPLETED')).toMatchObject({ jobStatus: 'FAILED' });
    const running = await submit({ file: origin.endlessUrl, format: { type: 'text' } });
    expect(await problem(`/job/${running}/pages/1`, 409, 'JOB_NOT_COMPLETED')).toMatchObject({
      detail: expect.stringContaining('once it is COMPLETED'),
    });
    await fetch(`${service.url}/job/${running}/cancel`, { method: 'POST', headers: alice });
  }, 180_000);

  it('answers 422 for a kept source that no longer opens, and deletes the source with its job', async () => {
    const id = await converted('pdf-html/typography.pdf');
    await prisma.jobSource.update({ where: { jobId: id }, data: { bytes: Buffer.from('%PDF-1.7\n1 0 obj damaged') } });
    expect(await problem(`/job/${id}/pages/1`, 422, 'SOURCE_UNREADABLE')).toMatchObject({
      detail: expect.stringContaining('could not be drawn'),
    });
    expect((await fetch(`${service.url}/job/${id}`, { method: 'DELETE', headers: alice })).status).toBeLessThan(300);
    expect(await prisma.jobSource.count({ where: { jobId: id } })).toBe(0);
  }, 90_000);

  it('leaves pdf.js, pdf-parse and Skia out of the API main thread', async () => {
    expect((await image(`/job/${pdf}/pages/1?dpi=50`)).res.status).toBe(200);
    service.api.child.kill('SIGUSR2');
    expect(await waitFor(async () => (await readFile(recordFile, 'utf8').catch(() => '')).length > 0, 10_000)).toBe(true);
    const loaded = JSON.parse(await readFile(recordFile, 'utf8')) as string[];
    // The record works: it holds the API's own modules, the pool's among them.
    expect(loaded.some((path) => path.includes('render-pool'))).toBe(true);
    expect(loaded.filter((path) => /pdfjs-dist|pdf-parse|@napi-rs[/\\]canvas|draw-page/.test(path))).toEqual([]);
  });
});
