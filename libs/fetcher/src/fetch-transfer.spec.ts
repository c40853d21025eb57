import { JobFailure } from '@docformat/contracts';
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import * as zlib from 'node:zlib';
import { installLoopbackGuard, type LoopbackGuard } from '../test/loopback-guard';
import { closedPort, startServer, type LocalServer } from '../test/local-server';
import type { FetchOptions } from './fetch-types';
import { fetchDocument } from './http-fetch';
import { DEFAULT_USER_AGENT } from './user-agent';

// Transfer behaviour against a real local server on 127.0.0.1 (allowPrivate: true).

jest.setTimeout(10_000);

type Route = (request: IncomingMessage, response: ServerResponse) => void;

const MiB = 1024 * 1024;
const base: FetchOptions = { maxBytes: MiB, timeoutMs: 3000, allowPrivate: true };
const routes = new Map<string, Route>();
let server: LocalServer;
let guard: LoopbackGuard;
/** Responses the server left hanging; ended in afterEach so no test leaks a timer. */
const hanging = new Set<ServerResponse>();

function route(path: string, handler: Route): string {
  routes.set(path, handler);
  return server.url(path);
}

async function failure(promise: Promise<unknown>): Promise<JobFailure> {
  const error = await promise.then(
    () => {
      throw new Error('expected the fetch to fail');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(JobFailure);
  expect((error as Error).message).not.toMatch(/\n\s+at |Error:|ECONN|getaddrinfo/);
  return error as JobFailure;
}

function whenClosed(response: ServerResponse): Promise<void> {
  return new Promise((resolve) => response.once('close', () => resolve()));
}

beforeAll(async () => {
  guard = installLoopbackGuard();
  server = await startServer((request, response) => {
    const handler = routes.get(request.url?.split('?')[0] ?? '');
    if (handler) return handler(request, response);
    response.writeHead(404).end();
  });
});

afterAll(async () => {
  await server.close();
  guard.uninstall();
});

beforeEach(() => {
  routes.clear();
  server.requests.length = 0;
});

afterEach(() => {
  for (const response of hanging) response.destroy();
  hanging.clear();
  expect(guard.violations).toEqual([]);
});

describe('a successful download', () => {
  it('records bytes, final URL, content type, size, SHA-256 and file name', async () => {
    const body = Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n%%EOF\n');
    const url = route('/files/report%202024.pdf', (_q, s) => s.writeHead(200, { 'content-type': 'application/octet-stream' }).end(body));
    const document = await fetchDocument(url, base);
    expect(document).toEqual({
      finalUrl: url,
      bytes: body,
      contentType: 'application/octet-stream',
      byteLength: body.length,
      sha256: createHash('sha256').update(body).digest('hex'),
      fileName: 'report 2024.pdf',
    });
  });

  it('takes the file name from Content-Disposition', async () => {
    const url = route('/download', (_q, s) =>
      s
        .writeHead(200, {
          'content-type': 'text/plain; charset=utf-8',
          'content-disposition': `attachment; filename="fallback.txt"; filename*=UTF-8''na%C3%AFve%20notes.md`,
        })
        .end('# Notes\n'),
    );
    const document = await fetchDocument(url, base);
    expect(document.fileName).toBe('naïve notes.md');
    expect(document.contentType).toBe('text/plain; charset=utf-8');
  });

  it('sends the default User-Agent, Accept */* and the encodings it can undo', async () => {
    const url = route('/ua', (_q, s) => s.end('ok'));
    await fetchDocument(url, base);
    expect(server.requests[0].headers).toMatchObject({
      'user-agent': DEFAULT_USER_AGENT,
      accept: '*/*',
      'accept-encoding': 'gzip, deflate, br',
    });
    expect(DEFAULT_USER_AGENT).toMatch(/^docformat\/\d+\.\d+\.\d+ \(\+document conversion service\)$/);
  });

  it('sends a custom User-Agent', async () => {
    const url = route('/ua', (_q, s) => s.end('ok'));
    await fetchDocument(url, { ...base, userAgent: 'docformat-test/1' });
    expect(server.requests[0].headers['user-agent']).toBe('docformat-test/1');
  });

  it('accepts a body of exactly maxBytes', async () => {
    const url = route('/exact', (_q, s) => s.end(Buffer.alloc(1024, 0x61)));
    const document = await fetchDocument(url, { ...base, maxBytes: 1024 });
    expect(document.byteLength).toBe(1024);
  });
});

describe('redirects', () => {
  function chain(length: number): string {
    for (let i = length; i > 0; i--) route(`/hop/${i}`, (_q, s) => s.writeHead(302, { location: `/hop/${i - 1}` }).end());
    route('/hop/0', (_q, s) => s.end('arrived'));
    return server.url(`/hop/${length}`);
  }

  it('follows 5 redirects', async () => {
    const document = await fetchDocument(chain(5), base);
    expect(document.bytes.toString()).toBe('arrived');
    expect(document.finalUrl).toBe(server.url('/hop/0'));
    expect(server.requests).toHaveLength(6);
  });

  it('gives up on the 6th', async () => {
    const error = await failure(fetchDocument(chain(6), base));
    expect(error).toMatchObject({ code: 'DOWNLOAD_FAILED', transient: false });
    expect(error.message).toBe(`The server at 127.0.0.1:${server.port} sent too many redirects (more than 5)`);
    expect(server.requests).toHaveLength(6);
  });

  it.each([301, 303, 307, 308])('follows a %i with a relative Location', async (status) => {
    route('/moved', (_q, s) => s.writeHead(status, { location: 'target?x=1' }).end());
    route('/target', (_q, s) => s.end('here'));
    const document = await fetchDocument(server.url('/moved'), base);
    expect(document.finalUrl).toBe(server.url('/target?x=1'));
  });

  it('fails a redirect without a Location', async () => {
    const error = await failure(
      fetchDocument(
        route('/nowhere', (_q, s) => s.writeHead(302).end()),
        base,
      ),
    );
    expect(error).toMatchObject({ code: 'DOWNLOAD_FAILED', transient: false });
    expect(error.message).toMatch(/answered 302 without a Location/);
  });
});

describe('the size cap', () => {
  it('refuses an announced Content-Length over the cap without reading the body', async () => {
    let closed!: Promise<void>;
    const url = route('/big', (_q, s) => {
      hanging.add(s);
      closed = whenClosed(s);
      s.writeHead(200, { 'content-length': String(10 * MiB) });
      s.write(Buffer.alloc(1024));
      // …and never the rest: only an up-front refusal can end this quickly.
    });
    const started = Date.now();
    const error = await failure(fetchDocument(url, { ...base, timeoutMs: 5000 }));
    expect(error).toMatchObject({ code: 'FILE_TOO_LARGE', transient: false });
    expect(error.message).toBe(`The document at 127.0.0.1:${server.port} is larger than the limit of 1 MiB`);
    expect(Date.now() - started).toBeLessThan(2000);
    await closed;
  });

  it('stops a chunked body that grows past the cap and closes the connection', async () => {
    let written = 0;
    let closed!: Promise<void>;
    const url = route('/endless', (_q, s) => {
      hanging.add(s);
      closed = whenClosed(s);
      s.writeHead(200, { 'content-type': 'text/plain' });
      const chunk = Buffer.alloc(64 * 1024, 0x62);
      const pump = () => {
        while (!s.destroyed && s.write(chunk)) written += chunk.length;
        if (!s.destroyed) s.once('drain', pump);
      };
      pump();
    });
    const error = await failure(fetchDocument(url, base));
    expect(error.code).toBe('FILE_TOO_LARGE');
    await closed;
    // The server could only get a few socket buffers ahead of the cap.
    expect(written).toBeLessThan(16 * MiB);
  });

  it('fails one byte over the cap', async () => {
    const url = route('/over', (_q, s) => s.end(Buffer.alloc(1025)));
    const error = await failure(fetchDocument(url, { ...base, maxBytes: 1024 }));
    expect(error.code).toBe('FILE_TOO_LARGE');
    expect(error.message).toMatch(/limit of 1 KiB$/);
  });
});

describe('content encodings', () => {
  const text = Buffer.from('The quick brown fox. '.repeat(200));

  it.each([
    ['gzip', zlib.gzipSync(text)],
    ['x-gzip', zlib.gzipSync(text)],
    ['deflate', zlib.deflateSync(text)],
    ['br', zlib.brotliCompressSync(text)],
    ['deflate, gzip', zlib.gzipSync(zlib.deflateSync(text))],
  ])('decodes %s', async (encoding, body) => {
    const url = route('/encoded', (_q, s) => s.writeHead(200, { 'content-encoding': encoding, 'content-type': 'text/plain' }).end(body));
    const document = await fetchDocument(url, base);
    expect(document.bytes.equals(text)).toBe(true);
    expect(document.byteLength).toBe(text.length);
    expect(document.sha256).toBe(createHash('sha256').update(text).digest('hex'));
  });

  it.each([
    ['gzip', zlib.gzipSync(Buffer.alloc(64 * MiB))],
    ['br', zlib.brotliCompressSync(Buffer.alloc(64 * MiB))],
  ])('caps the decompressed size of a %s bomb', async (encoding, bomb) => {
    expect(bomb.length).toBeLessThan(100 * 1024);
    const url = route('/bomb', (_q, s) => s.writeHead(200, { 'content-encoding': encoding, 'content-length': bomb.length }).end(bomb));
    const error = await failure(fetchDocument(url, base));
    expect(error).toMatchObject({ code: 'FILE_TOO_LARGE', transient: false });
  });

  it('refuses an encoding it cannot undo', async () => {
    const url = route('/zstd', (_q, s) => s.writeHead(200, { 'content-encoding': 'zstd' }).end('xx'));
    const error = await failure(fetchDocument(url, base));
    expect(error).toMatchObject({ code: 'DOWNLOAD_FAILED', transient: false });
    expect(error.message).toMatch(/unsupported encoding \(zstd\)/);
  });

  it('reports a corrupt compressed body', async () => {
    const url = route('/corrupt', (_q, s) =>
      s.writeHead(200, { 'content-encoding': 'gzip' }).end(Buffer.from([0x1f, 0x8b, 8, 0, 1, 2, 3, 4, 5, 6, 7])),
    );
    const error = await failure(fetchDocument(url, base));
    expect(error).toMatchObject({ code: 'DOWNLOAD_FAILED', transient: false });
    expect(error.message).toMatch(/gzip body that could not be decompressed/);
  });
});

describe('time limits', () => {
  it('fails transiently when the server never answers', async () => {
    const url = route('/silent', (_q, s) => hanging.add(s));
    const started = Date.now();
    const error = await failure(fetchDocument(url, { ...base, timeoutMs: 300 }));
    expect(error).toMatchObject({ code: 'DOWNLOAD_FAILED', transient: true });
    expect(error.message).toBe(`The server at 127.0.0.1:${server.port} did not answer within 0.3 seconds`);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('fails transiently when the body stalls', async () => {
    const url = route('/stall', (_q, s) => {
      hanging.add(s);
      s.writeHead(200, { 'content-length': '100' });
      s.write('only part');
    });
    const error = await failure(fetchDocument(url, { ...base, timeoutMs: 300 }));
    expect(error).toMatchObject({ code: 'DOWNLOAD_FAILED', transient: true });
    expect(error.message).toMatch(/did not answer within 0\.3 seconds/);
  });

  it('applies the connect timeout to resolving and connecting', async () => {
    const never = () => new Promise<never>(() => undefined);
    const started = Date.now();
    const error = await failure(fetchDocument('http://slow-dns.test/', { ...base, lookup: never, connectTimeoutMs: 200, timeoutMs: 5000 }));
    expect(error).toMatchObject({ code: 'DOWNLOAD_FAILED', transient: true });
    expect(error.message).toBe('The server at slow-dns.test did not answer within 0.2 seconds');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('stops when the caller aborts', async () => {
    const url = route('/silent', (_q, s) => hanging.add(s));
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const error = await failure(fetchDocument(url, { ...base, signal: controller.signal }));
    expect(error).toMatchObject({ code: 'DOWNLOAD_FAILED', transient: true });
    expect(error.message).toMatch(/was cancelled$/);
  });
});

describe('origin HTTP errors', () => {
  it.each([
    [404, 'Not Found', false],
    [403, 'Forbidden', false],
    [410, 'Gone', false],
    [400, 'Bad Request', false],
    [408, 'Request Timeout', true],
    [429, 'Too Many Requests', true],
    [500, 'Internal Server Error', true],
    [503, 'Service Unavailable', true],
  ])('%i %s is DOWNLOAD_FAILED, transient=%s', async (status, text, transient) => {
    const url = route('/status', (_q, s) => {
      s.statusMessage = 'whatever the origin says';
      s.writeHead(status).end('<h1>error page</h1>');
    });
    const error = await failure(fetchDocument(url, base));
    expect(error).toMatchObject({ code: 'DOWNLOAD_FAILED', transient });
    expect(error.message).toBe(`The server at 127.0.0.1:${server.port} answered ${status} ${text}`);
  });
});

describe('network errors', () => {
  it('ENOTFOUND is permanent and names the host', async () => {
    const lookup = async () => Promise.reject(Object.assign(new Error('getaddrinfo ENOTFOUND nonexistent.invalid'), { code: 'ENOTFOUND' }));
    const error = await failure(fetchDocument('http://nonexistent.invalid/', { ...base, lookup }));
    expect(error).toMatchObject({ code: 'DOWNLOAD_FAILED', transient: false, message: 'The host nonexistent.invalid could not be found' });
    expect(error.cause).toMatchObject({ code: 'ENOTFOUND' });
  });

  it('a name without addresses is not found either', async () => {
    const error = await failure(fetchDocument('http://empty.invalid/', { ...base, lookup: async () => [] }));
    expect(error.message).toBe('The host empty.invalid could not be found');
  });

  it('a temporary DNS failure is transient', async () => {
    const lookup = async () => Promise.reject(Object.assign(new Error('getaddrinfo EAI_AGAIN'), { code: 'EAI_AGAIN' }));
    const error = await failure(fetchDocument('http://flaky.test/', { ...base, lookup }));
    expect(error).toMatchObject({ transient: true, message: 'The host flaky.test could not be resolved right now' });
  });

  it('ECONNREFUSED is transient', async () => {
    const port = await closedPort();
    const error = await failure(fetchDocument(`http://127.0.0.1:${port}/`, base));
    expect(error).toMatchObject({
      code: 'DOWNLOAD_FAILED',
      transient: true,
      message: `The server at 127.0.0.1:${port} refused the connection`,
    });
  });

  it('a reset connection is transient', async () => {
    const url = route('/reset', (request) => request.socket.destroy());
    const error = await failure(fetchDocument(url, base));
    expect(error).toMatchObject({ code: 'DOWNLOAD_FAILED', transient: true });
    expect(error.message).toBe(`The connection to 127.0.0.1:${server.port} was interrupted`);
  });

  it('a body cut short is transient', async () => {
    const url = route('/short', (_q, s) => {
      s.writeHead(200, { 'content-length': '1000' });
      s.write('not a thousand bytes', () => s.socket?.destroy());
    });
    const error = await failure(fetchDocument(url, base));
    expect(error).toMatchObject({ code: 'DOWNLOAD_FAILED', transient: true });
  });
});
