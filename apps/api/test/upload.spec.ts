import { JobQueue } from '@docformat/queue';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join } from 'node:path';
import { startTestApp, type TestApp } from './test-app';

const FIXTURES = join(__dirname, '../../../libs/converters/fixtures');
/** One fixture per file type the readers take, found by extension. */
const DOCUMENT_TYPES = [
  'pdf',
  'docx',
  'odt',
  'rtf',
  'epub',
  'pptx',
  'xlsx',
  'xls',
  'ods',
  'csv',
  'tsv',
  'html',
  'md',
  'txt',
  'json',
  'xml',
  'ipynb',
  'eml',
  'msg',
  'zip',
  'png',
  'jpg',
  'gif',
  'webp',
  'bmp',
  'tiff',
];

function fixtureOfType(extension: string): string {
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)],
    );
  const file = walk(FIXTURES)
    .filter((path) => extname(path) === `.${extension}` && !path.endsWith('README.md'))
    .sort()[0];
  if (!file) throw new Error(`no .${extension} fixture`);
  return file;
}

let t: TestApp;
let alice: Awaited<ReturnType<TestApp['newClient']>>;

beforeAll(async () => {
  t = await startTestApp({ MAX_FILE_BYTES: String(20 * 1024 * 1024) });
  alice = await t.newClient('alice-upload');
});
afterAll(() => t.close());

const FORMAT = JSON.stringify({ type: ['markdown', 'text'] });
const uploadsOf = (ownerId: string) => t.prisma.upload.findMany({ where: { ownerId } });

describe('POST /format with an uploaded file (multipart/form-data)', () => {
  it.each(DOCUMENT_TYPES)('stores an uploaded .%s whole and queues its job', async (extension) => {
    const path = fixtureOfType(extension);
    const bytes = readFileSync(path);
    const name = `report.${extension}`;
    const res = await t.http().post('/format').set(alice.auth).attach('file', bytes, name).field('format', FORMAT);
    expect(res.status).toBe(202);
    expect(res.headers['location']).toBe(`/job/${res.body.id}`);
    expect(res.body).toMatchObject({ status: 'CREATED', fileName: name, type: 'format', formats: {} });

    const job = await t.prisma.job.findUniqueOrThrow({ where: { id: res.body.id }, include: { upload: true } });
    expect(job.requestedFormats).toEqual(['markdown', 'text']);
    expect(job.upload).toMatchObject({
      fileName: name,
      complete: true,
      bytes: BigInt(bytes.length),
      sha256: createHash('sha256').update(bytes).digest('hex'),
    });
    const chunks = await t.prisma.uploadChunk.findMany({ where: { uploadId: job.uploadId as string }, orderBy: { seq: 'asc' } });
    expect(Buffer.concat(chunks.map((chunk) => Buffer.from(chunk.data))).equals(bytes)).toBe(true);
    expect(await t.app.get(JobQueue).state(res.body.id)).toBe('prioritized');
  });

  it('stores a big upload in chunks of at most 1 MiB, in order', async () => {
    const bytes = Buffer.alloc(3 * 1024 * 1024 + 123, 'docformat ');
    const res = await t.http().post('/format').set(alice.auth).attach('file', bytes, 'big.txt').field('format', '{"type":"text"}');
    expect(res.status).toBe(202);
    const job = await t.prisma.job.findUniqueOrThrow({ where: { id: res.body.id } });
    const chunks = await t.prisma.uploadChunk.findMany({ where: { uploadId: job.uploadId as string }, orderBy: { seq: 'asc' } });
    expect(chunks.map((chunk) => chunk.data.length)).toEqual([1048576, 1048576, 1048576, 123]);
  });

  it('takes the format part before or after the file, and options in it', async () => {
    const res = await t
      .http()
      .post('/format')
      .set(alice.auth)
      .field('format', JSON.stringify({ type: 'markdown', pages: '1-2', pageMarkers: true }))
      .attach('file', Buffer.from('# Hello'), 'C:\\Users\\me\\notes.md');
    expect(res.status).toBe(202);
    expect(res.body.fileName).toBe('notes.md');
    expect((await t.prisma.job.findUniqueOrThrow({ where: { id: res.body.id } })).options).toEqual({ pages: '1-2', pageMarkers: true });
  });

  const refusals = () => t.http().post('/format').set(alice.auth);

  it.each([
    ['no file part', () => refusals().field('format', FORMAT), 'file', 'the file part is missing'],
    [
      'a second file part',
      () => refusals().attach('file', Buffer.from('one'), 'a.txt').attach('file', Buffer.from('two'), 'b.txt').field('format', FORMAT),
      'file',
      'second one',
    ],
    [
      'a file under another name',
      () => refusals().attach('document', Buffer.from('one'), 'a.txt').field('format', FORMAT),
      'document',
      'part named file',
    ],
    [
      'an unknown text part',
      () => refusals().attach('file', Buffer.from('one'), 'a.txt').field('colour', 'blue'),
      'colour',
      'not a known part',
    ],
    ['no format part', () => refusals().attach('file', Buffer.from('one'), 'a.txt'), 'format', 'format is required'],
    [
      'an unknown format',
      () => refusals().attach('file', Buffer.from('one'), 'a.txt').field('format', '{"type":"pdf"}'),
      'format.type',
      'pdf',
    ],
  ])('refuses %s with a 400 naming the part, and stores nothing', async (_case, send, field, message) => {
    const client = await t.newClient('refused-upload');
    const res = await send().set({ Authorization: client.auth.Authorization });
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(res.body.errors[0].field).toBe(field);
    expect(res.body.detail).toContain(message);
    expect(await uploadsOf(client.id)).toEqual([]);
    expect(await t.prisma.job.count({ where: { ownerId: client.id } })).toBe(0);
  });

  it('refuses a format part that is not JSON with 400 MALFORMED_JSON, storing nothing', async () => {
    const client = await t.newClient('malformed-format');
    const res = await t.http().post('/format').set(client.auth).attach('file', Buffer.from('one'), 'a.txt').field('format', '{type: text}');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'MALFORMED_JSON' });
    expect(res.body.detail).toMatch(/^The format part is not valid JSON/);
    expect(await uploadsOf(client.id)).toEqual([]);
  });

  it('refuses a body that is not a readable form with 400 MALFORMED_MULTIPART', async () => {
    const res = await t
      .http()
      .post('/format')
      .set(alice.auth)
      .set('Content-Type', 'multipart/form-data; boundary=xyz')
      .send('--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nno end');
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('MALFORMED_MULTIPART');
  });

  it('needs a token, and reads nothing without one', async () => {
    const before = await t.prisma.upload.count();
    const res = await t.http().post('/format').attach('file', Buffer.from('one'), 'a.txt').field('format', FORMAT);
    expect(res.status).toBe(401);
    expect(await t.prisma.upload.count()).toBe(before);
  });

  /**
   * Streams a 60 MB file part to POST /format over a raw connection, as fast as the
   * socket takes it, and goes on for `afterAnswerMs` once the answer has come (a client
   * that does not watch for an early answer). Any socket error before the end is kept.
   */
  const sendHuge = (auth: Record<string, string>, afterAnswerMs: number) =>
    new Promise<{ status: number; body: string; sentWhenAnswered: number; error?: Error }>((resolve) => {
      const total = 60 * 1024 * 1024;
      const boundary = 'docformat-test-boundary';
      const head = Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="format"\r\n\r\n${FORMAT}\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="huge.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      );
      const { port } = t.app.getHttpServer().address() as AddressInfo;
      let sent = 0;
      let answeredAt = -1;
      let stopAt = Infinity;
      let error: Error | undefined;
      let answer: { status: number; body: string } | undefined;
      const finish = () => answer && resolve({ ...answer, sentWhenAnswered: answeredAt, ...(error ? { error } : {}) });
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/format',
          headers: { ...auth, 'Content-Type': `multipart/form-data; boundary=${boundary}` },
        },
        (res) => {
          answeredAt = sent;
          stopAt = Date.now() + afterAnswerMs;
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
          res.on('end', () => {
            answer = { status: res.statusCode ?? 0, body: text };
            setTimeout(finish, afterAnswerMs + 50);
          });
        },
      );
      req.on('error', (failure) => {
        error ??= failure;
        if (answeredAt < 0) resolve({ status: 0, body: '', sentWhenAnswered: -1, error: failure });
      });
      const chunk = Buffer.alloc(256 * 1024, 0x61);
      const pump = () => {
        if (Date.now() >= stopAt || req.destroyed) return;
        if (sent >= total) {
          req.end(`\r\n--${boundary}--\r\n`);
          return;
        }
        sent += chunk.length;
        // Past half the body, more slowly: on a fast loopback the client could otherwise
        // push all of it before the 413 it was sent reaches it, and the test could not
        // tell a limit applied as bytes arrive from one applied after the body.
        const next = () => (sent > total / 2 ? setTimeout(pump, 5) : setImmediate(pump));
        if (req.write(chunk)) next();
        else req.once('drain', pump);
      };
      req.write(head);
      pump();
    });

  it('refuses a file over MAX_FILE_BYTES with 413 while it streams in, and keeps nothing of it', async () => {
    const client = await t.newClient('too-big');
    const limit = t.config.MAX_FILE_BYTES;
    const server = t.app.getHttpServer();
    if (!server.address()) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { status, body, sentWhenAnswered, error } = await sendHuge(client.auth, 0);
    expect(error?.message).toBeUndefined();
    expect(status).toBe(413);
    expect(JSON.parse(body)).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    expect(JSON.parse(body).detail).toContain(String(limit));
    // Answered before the client had sent it all (what it counts as sent includes what the
    // sockets still buffer): the limit is applied as bytes arrive, not after the body.
    expect(sentWhenAnswered).toBeLessThan(60 * 1024 * 1024);
    expect(await uploadsOf(client.id)).toEqual([]);
    expect(await t.prisma.job.count({ where: { ownerId: client.id } })).toBe(0);
  });

  it('keeps reading after the 413 (a lingering close), so a client still sending gets the answer, not a reset', async () => {
    const client = await t.newClient('too-big-linger');
    const server = t.app.getHttpServer();
    if (!server.address()) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    // Sending on for half a second after the answer: a server that closed at once would reset these writes.
    const { status, error } = await sendHuge(client.auth, 500);
    expect(status).toBe(413);
    expect(error?.message).toBeUndefined();
  });
});
