import type { AppConfig } from '@docformat/config';
import { ApiTokenRepository, createPrismaClient, JobRepository, type PrismaClient } from '@docformat/db';
import { createRedisConnection, JobQueue } from '@docformat/queue';
import { Global, Inject, Module, type DynamicModule, type OnApplicationShutdown } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { QueuePrefixGuard } from './queue-prefix.guard';
import { APP_CONFIG, PRISMA, REDIS } from './tokens';

/**
 * The API's outside world: configuration, Postgres (Prisma) and Redis (BullMQ),
 * each built once from the validated config and closed on shutdown.
 */
@Global()
@Module({})
export class InfraModule implements OnApplicationShutdown {
  static register(config: AppConfig): DynamicModule {
    return {
      module: InfraModule,
      providers: [
        { provide: APP_CONFIG, useValue: config },
        { provide: PRISMA, useFactory: () => createPrismaClient(config.DATABASE_URL) },
        { provide: REDIS, useFactory: () => createRedisConnection(config.REDIS_URL, 'producer') },
        {
          provide: JobQueue,
          inject: [REDIS],
          useFactory: (redis: Redis) =>
            new JobQueue(redis, {
              prefix: config.QUEUE_PREFIX,
              maxAttempts: config.JOB_MAX_ATTEMPTS,
              batch: config.ENQUEUE_BATCH_MAX > 1 ? { maxItems: config.ENQUEUE_BATCH_MAX, maxWaitMs: config.ENQUEUE_BATCH_WAIT_MS } : undefined,
            }),
        },
        { provide: JobRepository, inject: [PRISMA], useFactory: (prisma: PrismaClient) => new JobRepository(prisma) },
        {
          provide: ApiTokenRepository,
          inject: [PRISMA],
          useFactory: (prisma: PrismaClient) => new ApiTokenRepository(prisma),
        },
        QueuePrefixGuard,
      ],
      exports: [APP_CONFIG, PRISMA, REDIS, JobQueue, JobRepository, ApiTokenRepository],
    };
  }

  constructor(
    @Inject(PRISMA) private readonly prisma: PrismaClient,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly queue: JobQueue,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    await this.queue.close().catch(() => undefined);
    this.redis.disconnect();
    await this.prisma.$disconnect();
  }
}
