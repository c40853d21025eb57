import type { Server } from 'node:http';
import { JobQueue, createRedisConnection, queueOwnerKey } from '@docformat/queue';
import type { WorkerProcess } from '@docformat/testing';
import type { TestApp } from '../test-app';

// startWorkerProcess lives in @docformat/testing, where the client's and the CLI's end-to-end tests use it too.
export { startWorkerProcess, type WorkerProcess } from '@docformat/testing';

/** Ends the worker and the origin, empties the run's own queue and releases its prefix, then the API. */
export async function stopEndToEnd(
  t: TestApp | undefined,
  worker: WorkerProcess | undefined,
  origin: Server | undefined,
  queuePrefix: string,
): Promise<void> {
  worker?.child.kill('SIGKILL');
  await new Promise<void>((resolve) => (origin ? origin.close(() => resolve()) : resolve()));
  if (!t) return;
  await t.app.get(JobQueue).removeAll();
  const redis = createRedisConnection(t.config.REDIS_URL, 'consumer'); // queues commands until connected
  await redis.del(queueOwnerKey(queuePrefix));
  await redis.quit();
  await t.close();
}
