import { type CountingOrigin, startCountingOrigin } from './support/counting-origin';
import { type WorkerProcess, startWorkerProcess, stopEndToEnd } from './support/worker-process';
import { startTestApp, type TestApp } from './test-app';

/**
 * The "done when": a client extracts a 100-page PDF once and fetches
 * markdown, chunks with page numbers and JSON from it, end to end (HTTP API, a real
 * worker process, an origin on 127.0.0.1 that counts its requests). Prints the
 * timings and sizes docs/api.md quotes.
 */
const QUEUE_PREFIX = `${process.env['QUEUE_PREFIX']}-hundred-${process.pid}`;
const JOB_TIMEOUT_MS = 120_000;

let t: TestApp;
let auth: { Authorization: string };
let origin: CountingOrigin;
let worker: WorkerProcess;

beforeAll(async () => {
  t = await startTestApp({ QUEUE_PREFIX });
  auth = (await t.newClient('hundred-pages')).auth;
  origin = await startCountingOrigin({ '/hundred-pages.pdf': { file: 'extraction/hundred-pages.pdf', type: 'application/pdf' } });
  worker = await startWorkerProcess({ QUEUE_PREFIX, FETCH_ALLOW_PRIVATE: 'true', WORKER_CONCURRENCY: '2', OCR_THREADS: '1' });
}, 90_000);

afterAll(() => stopEndToEnd(t, worker, origin?.server, QUEUE_PREFIX));

/** A raw GET, timed, with its body as text. */
async function fetchOutput(path: string): Promise<{ ms: number; body: string; type: string; source: string }> {
  const started = performance.now();
  const res = await t
    .http()
    .get(path)
    .set(auth)
    .buffer(true)
    .parse((response, done) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => done(null, text));
    });
  expect(res.status).toBe(200);
  return {
    ms: Math.round(performance.now() - started),
    body: res.body as string,
    type: res.headers['content-type'],
    source: res.headers['docformat-output'],
  };
}

interface Chunk {
  index: number;
  text: string;
  headings: string[];
  pages: [number, number];
  tokens: number;
}

describe('a 100-page PDF, extracted once', () => {
  it(
    'gives markdown, chunks with page numbers and JSON from the one extraction',
    async () => {
      const started = performance.now();
      const created = await t
        .http()
        .post('/extract')
        .set(auth)
        .send({ file: origin.url('/hundred-pages.pdf') });
      expect(created.status).toBe(202);
      const id = created.body.id as string;
      let job = await t.http().get(`/job/${id}?wait=60`).set(auth);
      while (job.body.status !== 'COMPLETED' && job.body.status !== 'FAILED' && performance.now() - started < JOB_TIMEOUT_MS) {
        job = await t.http().get(`/job/${id}?wait=60`).set(auth);
      }
      const extractMs = Math.round(performance.now() - started);
      expect(job.body).toMatchObject({ status: 'COMPLETED', type: 'extraction', pages: 100 });
      const { tables, links, document } = job.body.result;
      expect(tables.length).toBeGreaterThanOrEqual(60);
      expect(
        tables.filter((table: { caption?: string }) => /^Table \d+: Sites of chapter \d+$/.test(table.caption ?? '')).length,
      ).toBeGreaterThanOrEqual(60);
      expect(links.length).toBeGreaterThanOrEqual(60);
      expect(document.pages).toBe(100);

      const markdown = await fetchOutput(`/job/${id}/formats/markdown?pageMarkers=true`);
      expect(markdown.type).toBe('text/markdown; charset=utf-8');
      expect(markdown.body).toMatch(/^# The Hundred Page Report$/m);
      expect(markdown.body).toContain('<!-- page 100 -->');
      // The file's bookmarks put the chapters at level 1.
      expect(markdown.body).toMatch(/^# Chapter 68: Operations 68$/m);

      const chunks = await fetchOutput(`/job/${id}/formats/chunks?maxTokens=256&overlapTokens=32`);
      const parsed = JSON.parse(chunks.body) as Chunk[];
      expect(parsed.every((chunk) => chunk.tokens <= 256)).toBe(true);
      expect(parsed[0]?.pages[0]).toBe(1);
      expect(parsed[parsed.length - 1]?.pages[1]).toBe(100);
      // Pages only go forward, and every page of the document is in some chunk's range.
      const covered = new Set(
        parsed.flatMap((chunk) => Array.from({ length: chunk.pages[1] - chunk.pages[0] + 1 }, (_, i) => chunk.pages[0] + i)),
      );
      expect(covered.size).toBe(100);
      expect(parsed.find((chunk) => chunk.text.includes('Section 40.2'))?.headings).toEqual(['Chapter 40: Operations 40', 'Section 40.2']);

      const json = await fetchOutput(`/job/${id}/formats/json`);
      expect(JSON.parse(json.body)).toEqual(document);

      const again = await Promise.all([
        fetchOutput(`/job/${id}/formats/markdown?pageMarkers=true`),
        fetchOutput(`/job/${id}/formats/chunks?maxTokens=256&overlapTokens=32`),
        fetchOutput(`/job/${id}/formats/json`),
      ]);
      expect(again.map((output) => output.source)).toEqual(['cached', 'cached', 'cached']);
      expect(again.map((output) => output.body)).toEqual([markdown.body, chunks.body, json.body]);
      expect(origin.hits()).toBe(1);

      const [sizes] = await t.prisma.$queryRaw<Array<{ tree: number; stored: number; extraction: number }>>`
        SELECT octet_length(tree::text)::int AS tree, pg_column_size(tree)::int AS stored, octet_length(extraction::text)::int AS extraction
          FROM job_documents WHERE job_id = ${id}::uuid`;
      const renders = await t.prisma.jobRendition.findMany({ where: { jobId: id }, select: { format: true, renderMs: true } });
      process.stdout.write(
        `${JSON.stringify({
          extractMs,
          treeBytes: sizes?.tree,
          treeStoredBytes: sizes?.stored,
          extractionBytes: sizes?.extraction,
          renderMs: Object.fromEntries(renders.map((render) => [render.format, render.renderMs])),
          firstRequestMs: { markdown: markdown.ms, chunks: chunks.ms, json: json.ms },
          cachedRequestMs: again.map((output) => output.ms),
          outputBytes: { markdown: markdown.body.length, chunks: chunks.body.length, json: json.body.length },
          chunks: parsed.length,
        })}\n`,
      );
    },
    JOB_TIMEOUT_MS + 30_000,
  );
});
