import { prepareTestDatabase, testEnvironment } from '@docformat/testing';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type WorkerProcess, startWorkerProcess, stopEndToEnd } from './support/worker-process';
import { startTestApp, submitJob, type TestApp } from './test-app';

/**
 * Cancelling through the API while two real worker processes each hold a job: the
 * job's event reaches whichever process runs it, which stops at once; a long-poll on
 * the job answers with the cancellation. A database and queue of this file's own.
 */
const ISOLATED = 'api_cancel_e2e';
const { databaseUrl: DATABASE_URL, queuePrefix: QUEUE_PREFIX } = testEnvironment(ISOLATED);

let t: TestApp;
let origin: Server;
let workers: WorkerProcess[] = [];
let auth: { Authorization: string };
let base = '';

beforeAll(async () => {
  await prepareTestDatabase(ISOLATED);
  t = await startTestApp({ DATABASE_URL, QUEUE_PREFIX });
  auth = (await t.newClient('cancel-e2e')).auth;
  // A document that never finishes arriving: its job stays mid-download until stopped.
  origin = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/plain' });
    const drip = setInterval(() => response.write('still coming\n'), 200);
    response.on('close', () => clearInterval(drip));
  });
  await new Promise<void>((resolve) => origin.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(origin.address() as AddressInfo).port}`;
  const env = { DATABASE_URL, QUEUE_PREFIX, FETCH_ALLOW_PRIVATE: 'true', WORKER_CONCURRENCY: '1', FETCH_TIMEOUT_MS: '120000' };
  workers = await Promise.all([startWorkerProcess(env), startWorkerProcess(env)]);
}, 90_000);

afterAll(async () => {
  for (const worker of workers.slice(1)) worker.child.kill('SIGKILL');
  await stopEndToEnd(t, workers[0], origin, QUEUE_PREFIX);
});

describe('POST /job/{id}/cancel with two worker processes', () => {
  it('stops the job on whichever worker runs it, and a long-poll sees the cancellation', async () => {
    const ids = [
      await submitJob(t, { auth }, { file: `${base}/a.txt`, format: { type: 'text' } }),
      await submitJob(t, { auth }, { file: `${base}/b.txt`, format: { type: 'text' } }),
    ];
    // Each worker holds one of them (one conversion at a time each).
    const deadline = Date.now() + 30_000;
    while (workers.some((w) => !w.events.includes('job.started')) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(workers.every((w) => w.events.includes('job.started'))).toBe(true);

    for (const id of ids) {
      const waiting = t.http().get(`/job/${id}?wait=30`).set(auth);
      const cancelledAt = Date.now();
      const res = await t.http().post(`/job/${id}/cancel`).set(auth);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ status: 'FAILED', error: { code: 'CANCELLED' } });
      expect((await waiting).body).toMatchObject({ id, status: 'FAILED', error: { code: 'CANCELLED' } });
      expect(Date.now() - cancelledAt).toBeLessThan(5000);
    }
    // Both workers stopped their job, each within the 2 s this allows after the last cancel.
    const stoppedBy = async () => workers.filter((w) => w.events.includes('job.stopped')).length;
    const stopDeadline = Date.now() + 2000;
    while ((await stoppedBy()) < 2 && Date.now() < stopDeadline) await new Promise((r) => setTimeout(r, 50));
    expect(await stoppedBy()).toBe(2);
  }, 90_000);
});
