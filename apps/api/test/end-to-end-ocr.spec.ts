import { prepareTestDatabase, testEnvironment } from '@docformat/testing';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { type WorkerProcess, startWorkerProcess, stopEndToEnd } from './support/worker-process';
import { startTestApp, type TestApp } from './test-app';

/**
 * What a user does with a scan: POST its URL to the API, poll GET /job/{id}, read the
 * markdown. The API runs in this process, a real worker process (from the sources)
 * takes the job from Redis, fetches the document from an origin on 127.0.0.1 and OCRs
 * it; nothing is faked between the HTTP request and the answer.
 */
const REPO_ROOT = join(__dirname, '../../..');
const FIXTURES = join(REPO_ROOT, 'libs/converters/fixtures');
const DOCUMENTS: Record<string, { file: string; type: string }> = {
  '/scan.pdf': { file: 'scanned/scanned-report.pdf', type: 'application/pdf' },
  '/photo.jpg': { file: 'ocr/photo.jpg', type: 'image/jpeg' },
};
const JOB_TIMEOUT_MS = 120_000;
/**
 * A database and queue of this file's own. A worker sweeps every unfinished row of its
 * database: in the lane's shared one it adopted the jobs the other API test files leave
 * CREATED (their URLs are not on this machine), and its one slot went to them: in
 * three CI runs the photo job's first attempt was stopped as "finished elsewhere", and
 * the worker died (SIGSEGV) on the second, leaving the job CREATED.
 */
const ISOLATED = 'api_ocr_e2e';
const { databaseUrl: DATABASE_URL, queuePrefix } = testEnvironment(ISOLATED);
const QUEUE_PREFIX = `${queuePrefix}-${process.pid}`;

let t: TestApp;
let auth: { Authorization: string };
let origin: Server;
let worker: WorkerProcess;

beforeAll(async () => {
  await prepareTestDatabase(ISOLATED);
  t = await startTestApp({ DATABASE_URL, QUEUE_PREFIX });
  auth = (await t.newClient('end-to-end-ocr')).auth;
  origin = createServer((request, response) => {
    const document = DOCUMENTS[request.url ?? ''];
    if (!document) return void response.writeHead(404).end();
    response.writeHead(200, { 'content-type': document.type }).end(readFileSync(join(FIXTURES, document.file)));
  });
  await new Promise<void>((resolve) => origin.listen(0, '127.0.0.1', resolve));
  // The same database and Redis as the API under test, and this run's own queue prefix.
  worker = await startWorkerProcess({ DATABASE_URL, QUEUE_PREFIX, FETCH_ALLOW_PRIVATE: 'true', WORKER_CONCURRENCY: '1', OCR_THREADS: '2' });
}, 90_000);

afterAll(() => stopEndToEnd(t, worker, origin, QUEUE_PREFIX));

async function convert(path: string, format: Record<string, unknown>): Promise<Record<string, unknown>> {
  const { port } = origin.address() as AddressInfo;
  const created = await t
    .http()
    .post('/format')
    .set(auth)
    .send({ file: `http://127.0.0.1:${port}${path}`, format });
  expect(created.status).toBe(202);
  const deadline = Date.now() + JOB_TIMEOUT_MS;
  for (;;) {
    const polled = await t.http().get(`/job/${created.body.id}`).set(auth);
    expect(polled.status).toBe(200);
    if (polled.body.status === 'COMPLETED' || polled.body.status === 'FAILED') return polled.body as Record<string, unknown>;
    if (Date.now() > deadline) {
      // Say what the worker was doing: a job left CREATED was never taken (the process gone, or its one slot held).
      const { exitCode, signalCode } = worker.child;
      throw new Error(
        `Job ${created.body.id} still ${polled.body.status} after ${JOB_TIMEOUT_MS} ms; worker ` +
          `${exitCode === null && signalCode === null ? 'running' : `exited (${exitCode ?? signalCode})`}, ` +
          `its last events: ${worker.events.slice(-12).join(', ')}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe('scanned documents through the HTTP API and a worker', () => {
  it(
    "a scanned PDF comes back as structured markdown with page markers, and the record says it was OCR'd",
    async () => {
      const job = await convert('/scan.pdf', { type: ['markdown', 'text'], pageMarkers: true, languages: ['eng'] });
      expect(job).toMatchObject({ status: 'COMPLETED', pages: 3, error: null });
      expect(job['result']).toMatchObject({ mimeType: 'application/pdf', ocr: { pages: [1, 2, 3] }, warnings: [] });
      const { markdown, text } = job['formats'] as Record<string, string>;
      expect(markdown).toMatch(/^# Document Conversion Handbook$/m);
      expect(markdown).toMatch(/^#+ Supported Inputs$/m);
      expect(markdown).toContain('- Portable Document Format files');
      expect(markdown).toMatch(/\| text \| text\/plain \|/);
      expect(markdown).toContain('<!-- page 3 -->');
      expect(text.split('\f')).toHaveLength(3);
    },
    JOB_TIMEOUT_MS + 10_000,
  );

  it(
    'a phone photo of a page comes back as a heading and its paragraph',
    async () => {
      const job = await convert('/photo.jpg', { type: 'markdown' });
      expect(job).toMatchObject({ status: 'COMPLETED', pages: 1 });
      expect(job['result']).toMatchObject({ mimeType: 'image/jpeg', ocr: { pages: [1] } });
      const { markdown } = job['formats'] as Record<string, string>;
      expect(markdown).toBe(
        '# Meeting Minutes\n\nThe committee approved the garden budget and agreed to plant twelve cherry trees along the western fence next spring.\n',
      );
    },
    JOB_TIMEOUT_MS + 10_000,
  );
});
