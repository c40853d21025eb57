import { signedImagePath } from '@docformat/contracts';
import { ApiTokenRepository } from '@docformat/db';
import { unzipSync } from 'fflate';
import { type CountingOrigin, startCountingOrigin } from './support/counting-origin';
import { type WorkerProcess, startWorkerProcess, stopEndToEnd } from './support/worker-process';
import { startTestApp, type TestApp } from './test-app';

/**
 * A document's pictures through the HTTP API and a real worker process (issue 32 part 1):
 * format.images referenced (signed links that work without the token, and refuse a bad or
 * expired signature), embedded (data: URIs), the bundle, the result cache, and deletion.
 */
const QUEUE_PREFIX = `${process.env['QUEUE_PREFIX']}-images-${process.pid}`;
const JOB_TIMEOUT_MS = 60_000;
const PNG_MAGIC = '89504e47';

let t: TestApp;
let alice: Awaited<ReturnType<TestApp['newClient']>>;
let bob: Awaited<ReturnType<TestApp['newClient']>>;
let origin: CountingOrigin;
let worker: WorkerProcess;

beforeAll(async () => {
  t = await startTestApp({ QUEUE_PREFIX });
  alice = await t.newClient('alice-images');
  bob = await t.newClient('bob-images');
  origin = await startCountingOrigin({
    '/figures.pdf': { file: 'extraction/figures.pdf', type: 'application/pdf' },
    '/figures-again.pdf': { file: 'extraction/figures.pdf', type: 'application/pdf' },
  });
  worker = await startWorkerProcess({ QUEUE_PREFIX, FETCH_ALLOW_PRIVATE: 'true', WORKER_CONCURRENCY: '2', OCR_THREADS: '1' });
}, 90_000);

afterAll(() => stopEndToEnd(t, worker, origin?.server, QUEUE_PREFIX));

/** What these tests read of a completed job's record. */
interface CompletedJob {
  id: string;
  result: Record<string, unknown>;
  formats: { markdown: string; html: string; json: { blocks: Array<Record<string, unknown>> } };
}

/** A format job of `path` with format.images `images`, once COMPLETED. */
async function convert(path: string, images: string, type = ['markdown', 'html', 'json']): Promise<CompletedJob> {
  const created = await t
    .http()
    .post('/format')
    .set(alice.auth)
    .send({ file: origin.url(path), format: { type, images } });
  expect(created.status).toBe(202);
  const polled = await t
    .http()
    .get(`/job/${created.body.id}?wait=${JOB_TIMEOUT_MS / 1000}`)
    .set(alice.auth);
  expect(polled.body).toMatchObject({ status: 'COMPLETED' });
  return polled.body as CompletedJob;
}

/** GET a binary answer as a Buffer. */
const binary = (path: string, auth?: { Authorization: string }) => {
  const req = t.http().get(path);
  if (auth) req.set(auth);
  return req.buffer(true).parse((res, done) => {
    const chunks: Buffer[] = [];
    res.on('data', (chunk: Buffer) => chunks.push(chunk));
    res.on('end', () => done(null, Buffer.concat(chunks)));
  });
};

describe('document images over HTTP', () => {
  let job: CompletedJob;
  let first: URL;

  beforeAll(async () => {
    job = await convert('/figures.pdf', 'referenced');
    const link = /!\[Figure 1: The orange test card, photographed\.\]\(([^)]+)\)/.exec(job.formats.markdown);
    expect(link).not.toBeNull();
    first = new URL(link![1], 'http://api.test');
  }, JOB_TIMEOUT_MS);

  it('links each picture by a signed URL that works without the bearer token', async () => {
    expect(first.pathname).toBe(`/job/${job.id}/images/1`);
    expect(first.searchParams.get('expires')).toMatch(/^\d+$/);
    const res = await binary(`${first.pathname}${first.search}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect((res.body as Buffer).subarray(0, 4).toString('hex')).toBe(PNG_MAGIC);
    // The html and json outputs link the same pictures, the json block with its facts.
    expect(job.formats.html).toContain(`<img src="/job/${job.id}/images/2?expires=`);
    const image = job.formats.json.blocks.find((block) => block['type'] === 'image');
    expect(image).toMatchObject({ n: 1, mediaType: 'image/png', width: 320, height: 200, page: 1 });
    expect(image!['url']).toBe(`${first.pathname}${first.search}`);
  });

  it('serves the picture to the bearer token too, and to no other client', async () => {
    const path = `/job/${job.id}/images/2`;
    const res = await binary(path, alice.auth);
    expect(res.status).toBe(200);
    expect((res.body as Buffer).subarray(0, 4).toString('hex')).toBe(PNG_MAGIC);
    expect((await t.http().get(path)).status).toBe(401);
    expect((await t.http().get(path).set(bob.auth)).status).toBe(404);
    const missing = await t.http().get(`/job/${job.id}/images/9`).set(alice.auth);
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: 'IMAGE_NOT_FOUND' });
  });

  it('refuses a signature for another picture, a forged one and an expired one with 403', async () => {
    const other = `/job/${job.id}/images/2${first.search}`;
    const forged = `${first.pathname}?expires=${first.searchParams.get('expires')}&signature=${'0'.repeat(64)}`;
    const secret = await new ApiTokenRepository(t.prisma).webhookSecret(alice.id);
    const expired = signedImagePath(secret!, job.id as string, 1, Math.floor(Date.now() / 1000) - 1);
    for (const path of [other, forged, expired]) {
      const res = await t.http().get(path);
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ code: 'IMAGE_URL_INVALID' });
    }
    expect((await t.http().get(expired)).body.detail).toMatch(/expired/);
  });

  it('signs the links of a rendering from the stored tree as it answers, cached or not', async () => {
    for (const source of ['rendered', 'cached']) {
      const res = await t.http().get(`/job/${job.id}/formats/text`).set(alice.auth);
      expect(res.headers['docformat-output']).toBe(source);
      expect(res.text).toMatch(new RegExp(`<(/job/${job.id}/images/1\\?expires=\\d+&signature=[0-9a-f]{64})>`));
    }
    const placeholder = await t.http().get(`/job/${job.id}/formats/markdown?images=placeholder`).set(alice.auth);
    expect(placeholder.text).not.toContain('/images/');
    expect((await t.http().get(`/job/${job.id}/formats/markdown?images=inline`).set(alice.auth)).status).toBe(400);
  });

  it('zips the outputs with the pictures beside them, linked by relative paths', async () => {
    const res = await binary(`/job/${job.id}/bundle`, alice.auth);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const files = unzipSync(new Uint8Array(res.body as Buffer));
    expect(Object.keys(files).sort()).toEqual(['document.html', 'document.json', 'document.md', 'images/1.png', 'images/2.png']);
    const markdown = Buffer.from(files['document.md']).toString('utf8');
    expect(markdown).toContain('![Figure 1: The orange test card, photographed.](images/1.png)');
    expect(markdown).toContain('(images/2.png)');
    expect(Buffer.from(files['document.html']).toString('utf8')).toContain('<img src="images/1.png"');
    expect(Buffer.from(files['images/1.png']).subarray(0, 4).toString('hex')).toBe(PNG_MAGIC);
  });

  it('gives a job answered from the result cache its own pictures', async () => {
    const again = await convert('/figures-again.pdf', 'referenced');
    expect(again.result).toMatchObject({ cached: true });
    const link = /\]\((\/job\/[^)]+\/images\/1\?[^)]+)\)/.exec(again.formats.markdown);
    expect(link![1]).toContain(`/job/${again.id}/images/1?`);
    expect((await binary(link![1])).status).toBe(200);
  });

  it('embeds pictures as data: URIs with format.images embedded', async () => {
    const embedded = await convert('/figures.pdf', 'embedded', ['markdown']);
    const markdown = embedded.formats.markdown as string;
    expect(markdown).toMatch(/!\[Figure 1[^\]]*\]\(data:image\/png;base64,[A-Za-z0-9+/=]+\)/);
    expect(markdown).not.toContain('/images/');
  });

  it('deletes the pictures with their job', async () => {
    const doomed = await convert('/figures.pdf', 'referenced', ['markdown']);
    const id = doomed.id as string;
    expect(await t.prisma.jobImage.count({ where: { jobId: id } })).toBe(2);
    expect((await t.http().delete(`/job/${id}`).set(alice.auth)).status).toBe(204);
    expect(await t.prisma.jobImage.count({ where: { jobId: id } })).toBe(0);
    const link = /\]\((\/job\/[^)]+)\)/.exec(doomed.formats.markdown)![1];
    expect((await t.http().get(link)).status).toBe(403);
    expect((await t.http().get(`/job/${id}/images/1`).set(alice.auth)).status).toBe(404);
  });
});
