import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DocformatClient } from './docformat-client';
import { DocformatApiError, DocformatConnectionError } from './errors';
import type { RetryPolicy } from './retry';

/**
 * The client's retry and error handling against a scripted HTTP server on loopback:
 * answers chosen per request, so each retry path is exercised without waiting for a
 * real rate limit. (The end-to-end tests in test/ use the real API.)
 */
interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}
type Answer = { status: number; headers?: Record<string, string>; body?: unknown };

const PROBLEM_503 = {
  type: 'urn:docformat:problem:queue-unavailable',
  title: 'Service Unavailable',
  status: 503,
  code: 'QUEUE_UNAVAILABLE',
  detail: 'Redis did not answer.',
};
const CREATED = {
  id: '7d4a2c58-0d8e-4a52-9a55-1f0f3f0c1e11',
  createdAt: '2026-01-01T00:00:00.000Z',
  status: 'CREATED',
  pages: 0,
  fileName: 'x',
  type: 'format',
  formats: {},
};

let server: Server;
let url: string;
let seen: Seen[];
let script: Answer[];

beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      seen.push({
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      const answer = script.shift() ?? { status: 500, body: { code: 'SCRIPT_ENDED', detail: 'no answer scripted' } };
      const isJson = answer.body !== undefined;
      response.writeHead(answer.status, { ...(isJson ? { 'content-type': 'application/json' } : {}), ...answer.headers });
      response.end(isJson ? JSON.stringify(answer.body) : undefined);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  seen = [];
  script = [];
});

/** A client whose waits are recorded instead of slept. */
function clientRecordingWaits(retry: Partial<RetryPolicy> = {}): { client: DocformatClient; waits: number[] } {
  const waits: number[] = [];
  const client = new DocformatClient({ url, token: 'secret-token', retry: { sleep: async (ms) => void waits.push(ms), ...retry } });
  return { client, waits };
}

describe('DocformatClient retries', () => {
  it('waits what Retry-After says after a 429 and a 503, resending the same request with the same Idempotency-Key', async () => {
    script = [
      { status: 429, headers: { 'retry-after': '2' }, body: { ...PROBLEM_503, status: 429, code: 'RATE_LIMITED' } },
      { status: 503, headers: { 'retry-after': '1' }, body: PROBLEM_503 },
      { status: 202, body: CREATED },
    ];
    const { client, waits } = clientRecordingWaits();
    const job = await client.submit('https://example.com/report.pdf', { formats: ['markdown', 'text'], options: { pages: '1-2' } });

    expect(job.id).toBe(CREATED.id);
    expect(waits).toEqual([2000, 1000]);
    expect(seen).toHaveLength(3);
    const keys = new Set(seen.map((request) => request.headers['idempotency-key']));
    expect(keys.size).toBe(1);
    expect([...keys][0]).toMatch(/^[0-9a-f-]{36}$/);
    for (const request of seen) {
      expect(request).toMatchObject({ method: 'POST', url: '/format' });
      expect(request.headers['authorization']).toBe('Bearer secret-token');
      expect(JSON.parse(request.body)).toEqual({
        file: 'https://example.com/report.pdf',
        format: { type: ['markdown', 'text'], pages: '1-2' },
      });
    }
  });

  it('sends an upload whole again on a retry', async () => {
    script = [
      { status: 503, headers: { 'retry-after': '0' }, body: PROBLEM_503 },
      { status: 202, body: CREATED },
    ];
    const { client, waits } = clientRecordingWaits();
    await client.submit(Buffer.from('# Title\n\nSome words.\n'), {
      fileName: 'notes.md',
      formats: 'text',
      idempotencyKey: 'batch-1-doc-1',
    });

    expect(waits).toEqual([0]);
    expect(seen).toHaveLength(2);
    for (const request of seen) {
      expect(request.headers['idempotency-key']).toBe('batch-1-doc-1');
      expect(request.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
      expect(request.body).toContain('filename="notes.md"');
      expect(request.body).toContain('# Title\n\nSome words.\n');
      expect(request.body).toContain('{"type":"text"}');
    }
  });

  it('backs off by doubling when no Retry-After is given, and gives up after maxAttempts with the problem', async () => {
    script = [503, 503, 503].map((status) => ({ status, body: PROBLEM_503 }));
    const { client, waits } = clientRecordingWaits({ maxAttempts: 3, baseDelayMs: 100 });
    const error = await client.listJobs().catch((e: unknown) => e);

    expect(error).toBeInstanceOf(DocformatApiError);
    expect(error).toMatchObject({ status: 503, code: 'QUEUE_UNAVAILABLE', detail: 'Redis did not answer.' });
    expect(waits).toEqual([100, 200]);
    expect(seen).toHaveLength(3);
  });

  it('does not wait longer than maxDelayMs: a longer Retry-After is answered at once, with the seconds', async () => {
    script = [{ status: 429, headers: { 'retry-after': '600' }, body: { ...PROBLEM_503, status: 429, code: 'RATE_LIMITED' } }];
    const { client, waits } = clientRecordingWaits({ maxDelayMs: 60_000 });
    const error = await client.submit('https://example.com/a.pdf').catch((e: unknown) => e);

    expect(error).toMatchObject({ status: 429, code: 'RATE_LIMITED', retryAfterSeconds: 600 });
    expect(waits).toEqual([]);
  });

  it('never retries other errors', async () => {
    script = [{ status: 401, body: { type: 'urn:x', title: 'Unauthorized', status: 401, code: 'UNAUTHORIZED', detail: 'Unknown token.' } }];
    const { client, waits } = clientRecordingWaits();
    await expect(client.cancelJob(CREATED.id)).rejects.toMatchObject({ status: 401, code: 'UNAUTHORIZED', detail: 'Unknown token.' });
    expect(waits).toEqual([]);
    expect(seen).toEqual([expect.objectContaining({ method: 'POST', url: `/job/${CREATED.id}/cancel` })]);
  });
});

describe('DocformatClient errors', () => {
  it('names the status when an answer is not problem+json (a proxy page)', async () => {
    script = [{ status: 502, body: '<html>Bad Gateway</html>' }];
    const { client } = clientRecordingWaits();
    await expect(client.getJob(CREATED.id)).rejects.toMatchObject({ status: 502, code: 'HTTP_502' });
  });

  it('says which address it could not reach', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const deadUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise<void>((resolve) => closed.close(() => resolve()));

    const error = await new DocformatClient({ url: deadUrl, token: 't' }).listJobs().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DocformatConnectionError);
    expect(error).toMatchObject({ code: 'CONNECTION_FAILED', detail: `could not reach the API at ${deadUrl}: ECONNREFUSED` });
  });
});

describe('DocformatClient.waitForJob', () => {
  it('long-polls GET /job/{id}?wait=N until the job ends, reporting each state', async () => {
    const job = (status: string) => ({ ...CREATED, status, formats: status === 'COMPLETED' ? { markdown: '# Done' } : {} });
    script = [
      { status: 200, body: job('IN_PROGRESS') },
      { status: 200, body: job('COMPLETED') },
    ];
    const { client } = clientRecordingWaits();
    const statuses: string[] = [];
    const done = await client.waitForJob(CREATED.id, { waitSeconds: 5, onProgress: (p) => statuses.push(p.status) });

    expect(done.formats).toEqual({ markdown: '# Done' });
    expect(statuses).toEqual(['IN_PROGRESS', 'COMPLETED']);
    expect(seen.map((request) => request.url)).toEqual([`/job/${CREATED.id}?wait=5`, `/job/${CREATED.id}?wait=5`]);
  });

  it('asks with progress=1 when told to, and reports the pages done of each answer', async () => {
    const running = (pagesDone: number) => ({ ...CREATED, status: 'IN_PROGRESS', progress: { pagesDone, pages: 10 } });
    script = [
      { status: 200, body: running(3) },
      { status: 200, body: running(7) },
      { status: 200, body: { ...CREATED, status: 'COMPLETED', pages: 10 } },
    ];
    const { client } = clientRecordingWaits();
    const heard: unknown[] = [];
    await client.waitForJob(CREATED.id, { waitSeconds: 5, pageProgress: true, onProgress: (p) => heard.push(p.progress ?? p.status) });

    expect(heard).toEqual([{ pagesDone: 3, pages: 10 }, { pagesDone: 7, pages: 10 }, 'COMPLETED']);
    expect(seen.map((request) => request.url)).toEqual(Array(3).fill(`/job/${CREATED.id}?wait=5&progress=1`));
  });
});
