import { randomUUID } from 'node:crypto';
import { QueueJobName } from '@docformat/contracts';
import { createRedisConnection } from './redis-connection';
import { JobQueue } from './job-queue';
import { TimeoutError } from './with-timeout';

const prefix = `docformat-test-queue-${process.pid}`;

describe('JobQueue (real Redis)', () => {
  const redis = createRedisConnection(process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379', 'producer');
  const queue = new JobQueue(redis, { prefix, maxAttempts: 3 });

  afterAll(async () => {
    await queue.queue.obliterate({ force: true });
    await queue.close();
    redis.disconnect();
  });

  it('enqueues the job id as both BullMQ jobId and the only payload field', async () => {
    const id = randomUUID();
    await queue.enqueueConversion(id, 2000);
    const job = await queue.queue.getJob(id);
    expect(job?.name).toBe(QueueJobName.CONVERT);
    expect(job?.data).toEqual({ jobId: id });
    expect(job?.opts.attempts).toBe(3);
  });

  it('adds nothing when the same job is enqueued twice', async () => {
    const id = randomUUID();
    await queue.enqueueConversion(id, 2000);
    await queue.enqueueConversion(id, 2000);
    const waiting = await queue.queue.getJobs(['waiting', 'delayed', 'prioritized']);
    expect(waiting.filter((j) => j.id === id)).toHaveLength(1);
  });

  it('answers a ping', async () => {
    await expect(queue.ping(1000)).resolves.toBeUndefined();
  });

  it('times out instead of hanging when Redis does not answer', async () => {
    // Port 1 on loopback: nothing listens, so the connection never becomes ready.
    const dead = createRedisConnection('redis://127.0.0.1:1', 'producer');
    const unreachable = new JobQueue(dead, { prefix, maxAttempts: 1 });
    const started = Date.now();
    await expect(unreachable.enqueueConversion(randomUUID(), 300)).rejects.toBeInstanceOf(TimeoutError);
    expect(Date.now() - started).toBeLessThan(5000);
    dead.disconnect();
    await unreachable.close().catch(() => undefined);
  });
});
