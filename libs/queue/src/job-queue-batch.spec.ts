import { randomUUID } from 'node:crypto';
import { QueueJobName, QueueName } from '@docformat/contracts';
import { Queue } from 'bullmq';
import { createRedisConnection } from './redis-connection';
import { JobQueue } from './job-queue';
import { TimeoutError } from './with-timeout';

const prefix = `docformat-test-queue-batch-${process.pid}`;
const redisUrl = process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379';

describe('JobQueue with batched adds (real Redis)', () => {
  const redis = createRedisConnection(redisUrl, 'producer');
  const queue = new JobQueue(redis, { prefix, maxAttempts: 3, batch: { maxWaitMs: 0, maxItems: 20 } });

  // BullMQ is private to JobQueue; the test looks at the entries it made directly.
  const entries = new Queue(QueueName.CONVERSION, { connection: redis, prefix });

  afterAll(async () => {
    await queue.removeAll();
    await entries.close();
    await queue.close();
    redis.disconnect();
  });

  it('adds every job of a burst, each as its own entry with the job id as BullMQ id and the usual options', async () => {
    const ids = Array.from({ length: 50 }, () => randomUUID());
    await Promise.all(ids.map((id) => queue.enqueueConversion(id, 2000)));
    for (const id of ids) {
      const job = await entries.getJob(id);
      expect(job?.name).toBe(QueueJobName.CONVERT);
      expect(job?.data).toEqual({ jobId: id });
      expect(job?.opts).toMatchObject({ attempts: 3, backoff: { type: 'exponential', delay: 2000 } });
    }
  });

  it('adds one entry for a job enqueued twice, in one batch or in two', async () => {
    const [once, twice] = [randomUUID(), randomUUID()];
    await Promise.all([queue.enqueueConversion(once, 2000), queue.enqueueConversion(once, 2000)]);
    await queue.enqueueConversion(twice, 2000);
    await queue.enqueueConversion(twice, 2000);
    const waiting = await entries.getJobs(['waiting', 'prioritized']);
    expect(waiting.filter((job) => job.id === once)).toHaveLength(1);
    expect(waiting.filter((job) => job.id === twice)).toHaveLength(1);
  });

  it('times out each caller instead of hanging when Redis does not answer', async () => {
    const dead = createRedisConnection('redis://127.0.0.1:1', 'producer');
    const unreachable = new JobQueue(dead, { prefix, maxAttempts: 1, batch: { maxWaitMs: 2, maxItems: 20 } });
    const results = await Promise.allSettled([1, 2, 3].map(() => unreachable.enqueueConversion(randomUUID(), 300)));
    for (const result of results) {
      expect(result.status).toBe('rejected');
      expect((result as PromiseRejectedResult).reason).toBeInstanceOf(TimeoutError);
    }
    dead.disconnect();
    await unreachable.close().catch(() => undefined);
  });

  it('sends what it holds when closed', async () => {
    const connection = createRedisConnection(redisUrl, 'producer');
    const closing = new JobQueue(connection, { prefix, maxAttempts: 3, batch: { maxWaitMs: 60_000, maxItems: 100 } });
    const id = randomUUID();
    const added = closing.enqueueConversion(id, 5000);
    await closing.close();
    await added;
    expect((await entries.getJob(id))?.data).toEqual({ jobId: id });
    connection.disconnect();
  });
});
