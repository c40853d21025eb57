import { Redis } from 'ioredis';

export type RedisRole = 'producer' | 'consumer';

/**
 * One ioredis connection per role. Consumers (BullMQ workers) block on Redis and
 * BullMQ requires `maxRetriesPerRequest: null` for them. Producers fail fast: with
 * no offline queue a command errors at once while Redis is unreachable (BullMQ's
 * advice for Queue instances), so the API answers 503 instead of piling up requests.
 */
export function createRedisConnection(url: string, role: RedisRole): Redis {
  return new Redis(url, {
    maxRetriesPerRequest: role === 'consumer' ? null : 1,
    enableOfflineQueue: role === 'consumer',
    connectionName: `docformat-${role}`,
    // Back off up to 5 s between reconnects; never give up (Redis may restart).
    retryStrategy: (times) => Math.min(times * 200, 5000),
  });
}
