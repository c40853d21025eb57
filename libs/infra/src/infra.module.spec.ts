import { loadConfig } from '@docformat/config';
import { ApiTokenRepository } from '@docformat/db';
import { JobQueue, queueOwnerKey } from '@docformat/queue';
import { Test } from '@nestjs/testing';
import type { Redis } from 'ioredis';
import { InfraModule } from './infra.module';
import type { InfraOptions } from './infra-options';
import { REDIS, REDIS_CONSUMER } from './tokens';

/** Boots the module alone against the test database and Redis, under a queue prefix of its own. */
async function boot(name: string, options: InfraOptions) {
  const config = loadConfig({ ...process.env, QUEUE_PREFIX: `${process.env['QUEUE_PREFIX']}-${name}` });
  const module = await Test.createTestingModule({ imports: [InfraModule.register(config, options)] }).compile();
  await module.init();
  return { module, prefix: config.QUEUE_PREFIX };
}

/** ioredis reports `end` once the socket has closed, a moment after disconnect(). */
async function ended(redis: Redis): Promise<string> {
  for (let tries = 0; tries < 50 && redis.status !== 'end'; tries++) await new Promise((resolve) => setTimeout(resolve, 20));
  return redis.status;
}

describe('InfraModule (real Postgres and Redis)', () => {
  it('gives the API its connections and queue, claims the queue prefix, and closes them on shutdown', async () => {
    const { module, prefix } = await boot('api', { batchEnqueues: true });
    const redis = module.get<Redis>(REDIS);
    expect(module.get(ApiTokenRepository)).toBeInstanceOf(ApiTokenRepository);
    await expect(module.get(JobQueue).ping(2000)).resolves.toBeUndefined();
    expect(await redis.get(queueOwnerKey(prefix))).toContain('"database"');
    expect(() => module.get(REDIS_CONSUMER)).toThrow();
    await redis.del(queueOwnerKey(prefix));
    await module.close();
    expect(await ended(redis)).toBe('end');
  });

  it('opens the blocking consumer connection only for a process that asks for it (the worker)', async () => {
    const { module, prefix } = await boot('worker', { consumer: true, waitForRedis: true, databasePoolSize: 3 });
    const consumer = module.get<Redis>(REDIS_CONSUMER);
    expect(consumer.options.maxRetriesPerRequest).toBeNull();
    await module.get<Redis>(REDIS).del(queueOwnerKey(prefix));
    await module.close();
    expect(await ended(consumer)).toBe('end');
  });
});
