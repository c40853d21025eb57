import { randomUUID } from 'node:crypto';
import { QueueJobName, QueueName } from '@docformat/contracts';
import { Queue, Worker } from 'bullmq';
import { createRedisConnection } from './redis-connection';
import { JobQueue, waitingSince } from './job-queue';
import { TimeoutError } from './with-timeout';

const prefix = `docformat-test-queue-${process.pid}`;

describe('JobQueue (real Redis)', () => {
  const redis = createRedisConnection(process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379', 'producer');
  const queue = new JobQueue(redis, { prefix, maxAttempts: 3 });
  // BullMQ is private to JobQueue; the test looks at the entries it made directly.
  const entries = new Queue(QueueName.CONVERSION, { connection: redis, prefix });

  afterAll(async () => {
    await queue.removeAll();
    await entries.close();
    await queue.close();
    redis.disconnect();
  });

  it('enqueues the job id as both BullMQ jobId and the only payload field', async () => {
    const id = randomUUID();
    await queue.enqueueConversion(id, 2000);
    const job = await entries.getJob(id);
    expect(job?.name).toBe(QueueJobName.CONVERT);
    expect(job?.data).toEqual({ jobId: id });
    expect(job?.opts.attempts).toBe(3);
  });

  it('adds nothing when the same job is enqueued twice', async () => {
    const id = randomUUID();
    await queue.enqueueConversion(id, 2000);
    await queue.enqueueConversion(id, 2000);
    const waiting = await entries.getJobs(['waiting', 'delayed', 'prioritized']);
    expect(waiting.filter((j) => j.id === id)).toHaveLength(1);
  });

  it('tells the state of an entry, enqueues one held back, and removes it', async () => {
    const id = randomUUID();
    await expect(queue.state(id)).resolves.toBe('unknown');
    await queue.enqueueConversion(id, 2000, { delayMs: 60_000 });
    await expect(queue.state(id)).resolves.toBe('delayed');
    await queue.remove(id);
    await expect(queue.state(id)).resolves.toBe('unknown');
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

describe('JobQueue.depth (real Redis)', () => {
  const depthPrefix = `${prefix}-depth`;
  const redis = createRedisConnection(process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379', 'producer');
  const consumer = createRedisConnection(process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379', 'consumer');
  const queue = new JobQueue(redis, { prefix: depthPrefix, maxAttempts: 3 });
  const entries = new Queue(QueueName.CONVERSION, { connection: redis, prefix: depthPrefix });

  afterAll(async () => {
    await queue.removeAll();
    await entries.close();
    await queue.close();
    redis.disconnect();
    consumer.disconnect();
  });

  it('reads zeros from an empty queue', async () => {
    await expect(queue.depth(2000)).resolves.toEqual({ waiting: 0, active: 0, delayed: 0, oldestWaitingAgeSeconds: 0 });
  });

  it('counts waiting, active and delayed entries and ages the one next in line', async () => {
    const [first, second, third] = [randomUUID(), randomUUID(), randomUUID()];
    for (const id of [first, second, third]) await queue.enqueueConversion(id, 2000);
    await entries.add(QueueJobName.CONVERT, { jobId: randomUUID() }, { delay: 60_000 });
    // A manual worker takes the first entry, as a real one would, and leaves it active.
    const worker = new Worker(QueueName.CONVERSION, null, { connection: consumer, prefix: depthPrefix, autorun: false });
    const taken = await worker.getNextJob('depth-test', { block: false });
    expect(taken?.id).toBe(first);

    const next = await entries.getJob(second as string);
    const depth = await queue.depth(2000, (next?.timestamp ?? 0) + 10_000);
    expect(depth).toEqual({ waiting: 2, active: 1, delayed: 1, oldestWaitingAgeSeconds: 10 });
    await worker.close(true);
  });

  it('times out instead of hanging when Redis does not answer', async () => {
    const dead = createRedisConnection('redis://127.0.0.1:1', 'producer');
    const unreachable = new JobQueue(dead, { prefix: depthPrefix, maxAttempts: 1 });
    await expect(unreachable.depth(300)).rejects.toBeInstanceOf(TimeoutError);
    dead.disconnect();
    await unreachable.close().catch(() => undefined);
  });
});

describe('waitingSince', () => {
  it('counts from when the job was added if it never ran', () => {
    expect(waitingSince({ timestamp: 1000, processedOn: undefined, delay: 0 })).toBe(1000);
  });

  it('counts from the last attempt plus its backoff for a retried job', () => {
    expect(waitingSince({ timestamp: 1000, processedOn: 5000, delay: 2000 })).toBe(7000);
  });
});
