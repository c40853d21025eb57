import { randomUUID } from 'node:crypto';
import { QueueName } from '@docformat/contracts';
import { createRedisConnection } from './redis-connection';
import { JobQueue } from './job-queue';
import { backlogKey } from './fair-priority';
import { ALL_QUEUES, queueStateKeys } from './queue-keys';

const prefix = `docformat-test-keys-${process.pid}`;

/**
 * What KEDA's `redis` scaler measures for `listName` (pkg/scalers/redis_scaler.go): it
 * asks the key's TYPE and counts a sorted set with ZCARD, a list with LLEN, and a
 * missing key as 0. Run here against the keys the Kubernetes manifests name.
 */
const KEDA_LENGTH_SCRIPT = `
  local kind = redis.call('type', KEYS[1]).ok
  local count = { zset = 'zcard', set = 'scard', list = 'llen', hash = 'hlen', none = 'llen' }
  return redis.call(count[kind], KEYS[1])`;

describe('queueStateKeys (real Redis)', () => {
  const redis = createRedisConnection(process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379', 'producer');
  const queue = new JobQueue(redis, { prefix, maxAttempts: 3 });
  const length = async (key: string) => Number(await redis.eval(KEDA_LENGTH_SCRIPT, 1, key));

  // The producer connection fails commands until it is connected; ping waits for it.
  beforeAll(() => queue.ping(2000));
  afterAll(async () => {
    await queue.removeAll();
    await redis.del(backlogKey(prefix));
    await queue.close();
    redis.disconnect();
  });

  it('names both queues the apps use', () => {
    expect([...ALL_QUEUES].sort()).toEqual([QueueName.CONVERSION, QueueName.WEBHOOK]);
  });

  it('names the keys under QUEUE_PREFIX and the queue name', () => {
    expect(queueStateKeys('docformat', QueueName.CONVERSION)).toEqual({
      wait: 'docformat:conversion:wait',
      prioritized: 'docformat:conversion:prioritized',
      active: 'docformat:conversion:active',
    });
  });

  it('counts waiting conversions in the prioritized set, as the autoscaler reads it', async () => {
    const keys = queueStateKeys(prefix, QueueName.CONVERSION);
    expect(await length(keys.prioritized)).toBe(0);
    for (let i = 0; i < 3; i++) await queue.enqueueConversion(randomUUID(), 2000, { ownerId: `owner-${i % 2}` });
    expect(await redis.type(keys.prioritized)).toBe('zset');
    expect(await length(keys.prioritized)).toBe(3);
    // Nothing waits in the plain list: a scaler on `wait` alone would never see a conversion.
    expect(await length(keys.wait)).toBe(0);
    expect((await queue.depth(2000)).waiting).toBe(3);
  });
});
