import type { AppConfig } from '@docformat/config';
import { createPrismaClient, JobRepository, type PrismaClient } from '@docformat/db';
import { createRedisConnection, JobQueue } from '@docformat/queue';
import { Global, Inject, Module, type DynamicModule, type OnApplicationShutdown } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { QueuePrefixGuard } from './queue-prefix.guard';
import { APP_CONFIG, PRISMA, REDIS_CONSUMER, REDIS_PRODUCER } from './tokens';

/** Enough connections for every concurrent job plus the sweep, but never a flood. */
function databasePoolSize(config: AppConfig): number {
  return Math.min(config.WORKER_CONCURRENCY + 3, 20);
}

/**
 * The worker's outside world: configuration, Postgres (Prisma) and two Redis
 * connections, each built once from the validated config and closed last on
 * shutdown (after the consumer has stopped and the pool is gone).
 */
@Global()
@Module({})
export class InfraModule implements OnApplicationShutdown {
  static register(config: AppConfig): DynamicModule {
    return {
      module: InfraModule,
      providers: [
        { provide: APP_CONFIG, useValue: config },
        { provide: PRISMA, useFactory: () => createPrismaClient(config.DATABASE_URL, databasePoolSize(config)) },
        { provide: REDIS_CONSUMER, useFactory: () => createRedisConnection(config.REDIS_URL, 'consumer') },
        { provide: REDIS_PRODUCER, useFactory: () => createRedisConnection(config.REDIS_URL, 'producer') },
        {
          provide: JobQueue,
          inject: [REDIS_PRODUCER],
          useFactory: (redis: Redis) =>
            new JobQueue(redis, { prefix: config.QUEUE_PREFIX, maxAttempts: config.JOB_MAX_ATTEMPTS }),
        },
        { provide: JobRepository, inject: [PRISMA], useFactory: (prisma: PrismaClient) => new JobRepository(prisma) },
        QueuePrefixGuard,
      ],
      exports: [APP_CONFIG, PRISMA, REDIS_CONSUMER, REDIS_PRODUCER, JobQueue, JobRepository, QueuePrefixGuard],
    };
  }

  constructor(
    @Inject(PRISMA) private readonly prisma: PrismaClient,
    @Inject(REDIS_CONSUMER) private readonly consumerRedis: Redis,
    @Inject(REDIS_PRODUCER) private readonly producerRedis: Redis,
    private readonly queue: JobQueue,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    await this.queue.close().catch(() => undefined);
    this.consumerRedis.disconnect();
    this.producerRedis.disconnect();
    await this.prisma.$disconnect();
  }
}
