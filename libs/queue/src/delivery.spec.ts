import { randomUUID } from 'node:crypto';
import { QueueJobName } from '@docformat/contracts';
import { backlogKey } from './fair-priority';
import type { Delivery } from './delivery';
import { PARKED } from './delivery';
import { JobQueue } from './job-queue';
import { QueueConsumer, type QueueConsumerEvents } from './queue-consumer';
import { createRedisConnection } from './redis-connection';
import { until } from './test-support/until';

const prefix = `docformat-test-delivery-${process.pid}`;
const redisUrl = process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379';

/**
 * A split job's entry as the parent of its page ranges, and a range put back for later,
 * on BullMQ flows in real Redis: what the worker's split-parent.ts and range.usecase.ts
 * build on.
 */
describe('Delivery (real Redis)', () => {
  const producer = createRedisConnection(redisUrl, 'producer');
  const connection = createRedisConnection(redisUrl, 'consumer');
  const queue = new JobQueue(producer, { prefix, maxAttempts: 1 });
  const events: QueueConsumerEvents = { onError: () => undefined, onStalled: () => undefined, onBadPayload: () => undefined };
  /** What each delivery of the test's entries did, in order. */
  const seen: string[] = [];
  const postponed = new Set<string>();
  let consumer: QueueConsumer<string>;

  const handle = async (jobId: string, delivery: Delivery): Promise<string | typeof PARKED> => {
    if (delivery.name === QueueJobName.RANGE) {
      const key = `${jobId}/${String(delivery.data['range'])}`;
      // The first delivery of range 2 is put back once, as a range over its client's cap is.
      if (delivery.data['range'] === 2 && !postponed.has(key)) {
        postponed.add(key);
        seen.push(`postpone ${key}`);
        return delivery.postpone(300);
      }
      seen.push(`range ${key}`);
      return 'read';
    }
    if (!seen.includes(`plan ${jobId}`)) {
      seen.push(`plan ${jobId}`);
      await queue.addRanges(delivery.ref, jobId, 'owner-a', [1, 2, 3], 1);
      const waiting = await delivery.waitForChildren();
      expect(waiting).toBe(PARKED);
      return waiting;
    }
    seen.push(`assemble ${jobId}`);
    return 'assembled';
  };

  beforeAll(async () => {
    consumer = await QueueConsumer.start(connection, { prefix, concurrency: 1, lockMs: 5000 }, handle, events);
  });

  afterAll(async () => {
    await consumer.close();
    await queue.removeAll();
    await queue.close();
    producer.disconnect();
    connection.disconnect();
  });

  it('parks a parent until every range it added has completed, then delivers it again; a postponed range counts no attempt', async () => {
    const id = randomUUID();
    const backlog = async () => Number((await producer.hget(backlogKey(prefix), 'owner-a')) ?? 0);
    const before = await backlog();
    await queue.enqueueConversion(id, 2000, { ownerId: 'owner-a' });
    await until(async () => (await queue.state(id)) === 'completed', 10000);
    expect(await queue.state(id)).toBe('completed');
    const ofJob = seen.filter((line) => line.includes(id));
    expect(ofJob[0]).toBe(`plan ${id}`);
    expect(ofJob.at(-1)).toBe(`assemble ${id}`);
    expect(ofJob).toContain(`postpone ${id}/2`);
    expect(ofJob.filter((line) => line.startsWith('range')).sort()).toEqual([`range ${id}/1`, `range ${id}/2`, `range ${id}/3`]);
    // The ranges' entries completed (maxAttempts 1: the postponed one would have failed had it counted an attempt).
    for (const range of [1, 2, 3]) expect(await queue.state(`${id}-r${range}-1`)).toBe('completed');
    // Fair scheduling counted the job and each of its ranges as a waiting entry of its client (the handler here never says one started).
    expect((await backlog()) - before).toBe(4);
  });
});
