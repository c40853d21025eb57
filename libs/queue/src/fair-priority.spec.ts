import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { backlogKey, FairPriority, MAX_PRIORITY } from './fair-priority';
import { createRedisConnection } from './redis-connection';

let redis: Redis;
const prefix = `${process.env['QUEUE_PREFIX']}-fair-${randomUUID().slice(0, 8)}`;

beforeAll(() => {
  redis = createRedisConnection(process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379', 'consumer');
});
afterAll(async () => {
  await redis.del(backlogKey(prefix));
  redis.disconnect();
});

describe('FairPriority (real Redis)', () => {
  it("numbers each client's queued jobs from 1, so clients interleave", async () => {
    const fair = new FairPriority(redis, prefix);
    expect(await fair.priorities(['a', 'a', 'a', 'b'])).toEqual([1, 2, 3, 1]);
    expect(await fair.priorities(['b', 'a'])).toEqual([2, 4]);
    await fair.started('a');
    await fair.started('a');
    expect(await fair.priorities(['a'])).toEqual([3]);
  });

  it('is reset from the counts Postgres holds, and never goes below 1 or above BullMQ’s limit', async () => {
    const fair = new FairPriority(redis, prefix);
    await fair.reset(
      new Map([
        ['a', 0],
        ['c', MAX_PRIORITY + 5],
      ]),
    );
    expect(await redis.hgetall(backlogKey(prefix))).toEqual({ a: '0', c: String(MAX_PRIORITY + 5) });
    await fair.started('b');
    await fair.started('b');
    expect(await fair.priorities(['b', 'c', 'a'])).toEqual([1, MAX_PRIORITY, 1]);
    await fair.reset(new Map());
    expect(await redis.exists(backlogKey(prefix))).toBe(0);
  });
});
