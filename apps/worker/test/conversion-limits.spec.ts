import type { AppConfig } from '@docformat/config';
import type { INestApplicationContext } from '@nestjs/common';
import { join } from 'node:path';
import { fixture } from './support/fixtures';
import { filePrefix, startTestClient, startWorker, testConfig, type TestClient } from './support/harness';
import { startOrigin, type OriginServer } from './support/origin-server';

let config: AppConfig;
let origin: OriginServer;
let client: TestClient;
let worker: INestApplicationContext;

/**
 * "Hung" and "slow" must be far apart: the ordinary jobs beside the hanging one must
 * finish well inside the limit even on a busy machine. A thread's first conversion
 * loads its parsers (a second or more when the machine is loaded); a warm thread
 * converts these documents in well under a second. So both threads are warmed first,
 * and 6 s leaves a margin of ten times and more.
 */
const TIMEOUT_MS = 6_000;

beforeAll(async () => {
  config = testConfig({
    QUEUE_PREFIX: filePrefix('limits'),
    WORKER_CONCURRENCY: '2',
    CONVERSION_TIMEOUT_MS: String(TIMEOUT_MS),
    CONVERSION_MAX_MEMORY_MB: '128',
  });
  origin = await startOrigin();
  origin.route('/hang.txt', { body: 'This parser never returns @@HANG@@', contentType: 'text/plain' });
  origin.route('/oom.txt', { body: 'This parser eats memory @@OOM@@', contentType: 'text/plain' });
  origin.route('/crash.txt', { body: 'This parser kills its thread @@CRASH@@', contentType: 'text/plain' });
  origin.route('/fine.txt', { body: 'A perfectly ordinary note.', contentType: 'text/plain' });
  origin.route('/handbook.pdf', { body: fixture('sample.pdf'), contentType: 'application/pdf' });
  client = await startTestClient(config);
  worker = await startWorker(config, { thread: { filename: join(__dirname, 'support/unruly.task.ts') } });
  // Two at once: both threads start and load their parsers before any limit is tested.
  const warming = await Promise.all([client.submit(origin.url('/handbook.pdf')), client.submit(origin.url('/handbook.pdf'))]);
  for (const id of warming) expect((await client.waitForTerminal(id, 60_000)).status).toBe('COMPLETED');
}, 90_000);

afterAll(async () => {
  await worker?.close();
  await client?.close();
  await origin?.close();
});

describe('conversion threads that misbehave', () => {
  it(
    'stops a hanging parser at CONVERSION_TIMEOUT_MS while other jobs go on',
    async () => {
      const started = Date.now();
      const hanging = await client.submit(origin.url('/hang.txt'));
      await client.waitForStatus(hanging, ['IN_PROGRESS']);
      // The other thread keeps converting while one is stuck: they finish while it still hangs.
      const others = [await client.submit(origin.url('/fine.txt')), await client.submit(origin.url('/handbook.pdf'))];
      for (const id of others) {
        const job = await client.waitForTerminal(id, TIMEOUT_MS);
        expect(job.status).toBe('COMPLETED');
      }
      expect((await client.prisma.job.findUniqueOrThrow({ where: { id: hanging } })).status).toBe('IN_PROGRESS');

      const job = await client.waitForTerminal(hanging, 2 * TIMEOUT_MS);
      expect(job).toMatchObject({
        status: 'FAILED',
        errorCode: 'CONVERSION_TIMEOUT',
        errorMessage: 'The conversion took longer than 6 seconds and was stopped',
        attempts: 1,
      });
      expect(Date.now() - started).toBeGreaterThanOrEqual(TIMEOUT_MS);

      // The killed thread was replaced: the pool still converts.
      const after = await client.waitForTerminal(await client.submit(origin.url('/fine.txt')), TIMEOUT_MS);
      expect(after.status).toBe('COMPLETED');
    },
    4 * TIMEOUT_MS,
  );

  it(
    'fails a conversion that runs out of memory as FILE_TOO_LARGE, and the worker lives on',
    async () => {
      const job = await client.waitForTerminal(await client.submit(origin.url('/oom.txt')), TIMEOUT_MS);
      expect(job).toMatchObject({
        status: 'FAILED',
        errorCode: 'FILE_TOO_LARGE',
        errorMessage: 'The document needs more than 128 MiB of memory to convert',
      });
      const after = await client.waitForTerminal(await client.submit(origin.url('/fine.txt')), TIMEOUT_MS);
      expect(after.status).toBe('COMPLETED');
    },
    3 * TIMEOUT_MS,
  );

  it(
    'fails a job whose thread dies as INTERNAL_ERROR, and the worker lives on',
    async () => {
      const job = await client.waitForTerminal(await client.submit(origin.url('/crash.txt')), TIMEOUT_MS);
      expect(job).toMatchObject({
        status: 'FAILED',
        errorCode: 'INTERNAL_ERROR',
        errorMessage: 'An internal error stopped the conversion',
      });
      const after = await client.waitForTerminal(await client.submit(origin.url('/fine.txt')), TIMEOUT_MS);
      expect(after.status).toBe('COMPLETED');
    },
    3 * TIMEOUT_MS,
  );
});
