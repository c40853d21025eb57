import type { AppConfig } from '@docformat/config';
import type { INestApplicationContext } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { fixture } from './support/fixtures';
import { filePrefix, startTestClient, startWorker, testConfig, type TestClient } from './support/harness';
import { startOrigin, type OriginServer } from './support/origin-server';

let origin: OriginServer;

beforeAll(async () => {
  origin = await startOrigin();
  // A 7-Zip archive: a real, recognisable type that no reader handles.
  origin.route('/archive.7z', {
    body: Buffer.concat([Buffer.from('377abcaf271c0004', 'hex'), randomBytes(64)]),
    contentType: 'application/x-7z-compressed',
  });
  origin.route('/noise.bin', { body: randomBytes(4096), contentType: 'application/octet-stream' });
  origin.route('/truncated.pdf', { body: fixture('truncated.pdf'), contentType: 'application/pdf' });
  // A run of zeros over objects that the cross-reference table points at (what the fuzz
  // suite's zero-fill did): pdf.js opens it, then rejects work of its own unobserved.
  const zeroed = Buffer.from(fixture('extraction/hundred-pages.pdf'));
  zeroed.fill(0, 132_455, 149_931);
  origin.route('/zeroed-objects.pdf', { body: zeroed, contentType: 'application/pdf' });
  origin.route('/locked.pdf', { body: fixture('encrypted-user-password.pdf'), contentType: 'application/pdf' });
  origin.route('/handbook.pdf', { body: fixture('sample.pdf'), contentType: 'application/pdf' });
  origin.route('/big.txt', { body: 'x'.repeat(100_000), contentType: 'text/plain' });
  origin.route('/notes.txt', { body: 'A short note.', contentType: 'text/plain' });
});
afterAll(() => origin?.close());

/** One worker (with its own settings and queue prefix) per describe block. */
function withWorker(name: string, env: NodeJS.ProcessEnv): { client: () => TestClient } {
  let config: AppConfig;
  let client: TestClient;
  let worker: INestApplicationContext;
  beforeAll(async () => {
    config = testConfig({ QUEUE_PREFIX: filePrefix(`errors-${name}`), ...env });
    client = await startTestClient(config);
    worker = await startWorker(config);
  });
  afterAll(async () => {
    await worker?.close();
    await client?.close();
  });
  return { client: () => client };
}

async function expectFailure(client: TestClient, path: string, code: string, message: string | RegExp, formats?: string[]) {
  const id = await client.submit(origin.url(path), formats);
  const job = await client.waitForTerminal(id);
  expect(job).toMatchObject({ status: 'FAILED', errorCode: code, attempts: 1, pages: 0, result: null, outputs: [] });
  if (typeof message === 'string') expect(job.errorMessage).toBe(message);
  else expect(job.errorMessage).toMatch(message);
  expect(job.completedAt).toBeInstanceOf(Date);
  return job;
}

describe('permanent failures with default limits', () => {
  const { client } = withWorker('default', {});

  it('DOWNLOAD_FAILED when the origin answers 404, without retrying', async () => {
    const host = new URL(origin.url('/')).host;
    await expectFailure(client(), '/missing.pdf', 'DOWNLOAD_FAILED', `The server at ${host} answered 404 Not Found`);
    expect(origin.hits('/missing.pdf')).toBe(1);
  });

  it('UNSUPPORTED_DOCUMENT_TYPE for a 7-Zip archive', async () => {
    await expectFailure(
      client(),
      '/archive.7z',
      'UNSUPPORTED_DOCUMENT_TYPE',
      /^Documents of type application\/x-7z-compressed are not supported/,
    );
  });

  it('UNSUPPORTED_DOCUMENT_TYPE for random bytes', async () => {
    await expectFailure(client(), '/noise.bin', 'UNSUPPORTED_DOCUMENT_TYPE', /are not supported/);
  });

  it('CORRUPT_DOCUMENT for a truncated PDF', async () => {
    await expectFailure(client(), '/truncated.pdf', 'CORRUPT_DOCUMENT', /damaged|could not be read/);
  });

  it('CORRUPT_DOCUMENT, not INTERNAL_ERROR, for a PDF whose damaged objects make pdf.js reject work nobody awaits', async () => {
    await expectFailure(client(), '/zeroed-objects.pdf', 'CORRUPT_DOCUMENT', /damaged|could not be read/);
  });

  it('ENCRYPTED_DOCUMENT for a PDF that needs a password', async () => {
    await expectFailure(client(), '/locked.pdf', 'ENCRYPTED_DOCUMENT', /encrypted/);
  });

  it('INTERNAL_ERROR (with a plain message) when something unexpected breaks', async () => {
    // The API only accepts known formats; a row naming another one is a bug to contain.
    await expectFailure(client(), '/notes.txt', 'INTERNAL_ERROR', 'An internal error stopped the conversion', ['bogus']);
  });
});

describe('with FETCH_ALLOW_PRIVATE=false', () => {
  const { client } = withWorker('private', { FETCH_ALLOW_PRIVATE: 'false' });

  it('URL_NOT_ALLOWED for a loopback address, without sending a request', async () => {
    const before = origin.hits('/notes.txt');
    await expectFailure(client(), '/notes.txt', 'URL_NOT_ALLOWED', /127\.0\.0\.1.*loopback/);
    expect(origin.hits('/notes.txt')).toBe(before);
  });
});

describe('with small limits', () => {
  const { client } = withWorker('limits', { MAX_FILE_BYTES: '80000', MAX_PAGES: '1' });

  it('FILE_TOO_LARGE for a body above MAX_FILE_BYTES', async () => {
    await expectFailure(client(), '/big.txt', 'FILE_TOO_LARGE', /larger than the limit of 78\.1 KiB/);
  });

  it('TOO_MANY_PAGES for a 4-page PDF with MAX_PAGES=1', async () => {
    await expectFailure(client(), '/handbook.pdf', 'TOO_MANY_PAGES', 'The document has 4 pages; at most 1 page is allowed.');
  });
});
