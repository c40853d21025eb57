import { randomUUID } from 'node:crypto';
import { claimQueuePrefix, queueOwnerKey, QueuePrefixConflictError } from './queue-owner';
import { createRedisConnection } from './redis-connection';

const prefix = `docformat-test-owner-${process.pid}`;
const ours = { id: randomUUID(), database: 'docformat' };

describe('claimQueuePrefix (real Redis)', () => {
  const redis = createRedisConnection(process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379', 'producer');

  afterEach(() => redis.del(queueOwnerKey(prefix)));
  afterAll(() => redis.disconnect());

  it('records the owner on first use and accepts the same database again', async () => {
    await expect(claimQueuePrefix(redis, prefix, ours, 2000)).resolves.toBe(true);
    await expect(claimQueuePrefix(redis, prefix, ours, 2000)).resolves.toBe(false);
    expect(JSON.parse((await redis.get(queueOwnerKey(prefix))) as string)).toMatchObject(ours);
  });

  it('refuses another database, naming both and the fix', async () => {
    await claimQueuePrefix(redis, prefix, ours, 2000);
    const other = { id: randomUUID(), database: 'docformat_bench' };
    const refused = claimQueuePrefix(redis, prefix, other, 2000);
    await expect(refused).rejects.toBeInstanceOf(QueuePrefixConflictError);
    await expect(refused).rejects.toThrow(/"docformat".*"docformat_bench".*QUEUE_PREFIX/s);
  });

  it('refuses a copy of the database (same id, another name)', async () => {
    await claimQueuePrefix(redis, prefix, ours, 2000);
    await expect(claimQueuePrefix(redis, prefix, { ...ours, database: 'docformat_copy' }, 2000)).rejects.toBeInstanceOf(
      QueuePrefixConflictError,
    );
  });

  it('lets processes of one deployment starting at once all pass, exactly one of them writing the record', async () => {
    const connections = Array.from({ length: 4 }, () =>
      createRedisConnection(process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379', 'producer'),
    );
    try {
      const claims = await Promise.all(
        connections.flatMap((connection) => [1, 2].map(() => claimQueuePrefix(connection, prefix, ours, 2000))),
      );
      expect(claims.filter(Boolean)).toHaveLength(1);
    } finally {
      connections.forEach((connection) => connection.disconnect());
    }
  });

  it('claims again after the key was lost (a Redis flush)', async () => {
    await claimQueuePrefix(redis, prefix, ours, 2000);
    await redis.del(queueOwnerKey(prefix));
    await expect(claimQueuePrefix(redis, prefix, ours, 2000)).resolves.toBe(true);
  });
});
