import type { AppConfig } from '@docformat/config';
import { ApiTokenRepository, createPrismaClient, JobEvents, type PrismaClient, UploadRepository, WebhookRepository } from '@docformat/db';
import { createRedisConnection, JobQueue, WebhookQueue } from '@docformat/queue';
import { Global, Inject, Logger, Module, Optional, type DynamicModule, type OnApplicationShutdown } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { INFRA_OPTIONS, type InfraOptions } from './infra-options';
import { prismaRepository } from './prisma-repository.provider';
import { QueuePrefixGuard } from './queue-prefix.guard';
import { WebhookDispatch } from './webhook-dispatch';
import { APP_CONFIG, PRISMA, REDIS, REDIS_CONSUMER } from './tokens';

/**
 * A process's outside world, for the API and the worker alike: the validated config,
 * Postgres (Prisma) and the repositories both apps use (the job repositories are each
 * role's own: the apps' modules build them), Redis and the conversion queue, and the
 * check that binds the queue prefix to this database. Each is built once and closed
 * on shutdown, last (after a worker's consumer has stopped and its threads are gone).
 */
@Global()
@Module({})
export class InfraModule implements OnApplicationShutdown {
  static register(config: AppConfig, options: InfraOptions = {}): DynamicModule {
    const batch =
      options.batchEnqueues && config.ENQUEUE_BATCH_MAX > 1
        ? { maxItems: config.ENQUEUE_BATCH_MAX, maxWaitMs: config.ENQUEUE_BATCH_WAIT_MS }
        : undefined;
    return {
      module: InfraModule,
      providers: [
        { provide: APP_CONFIG, useValue: config },
        { provide: INFRA_OPTIONS, useValue: options },
        { provide: PRISMA, useFactory: () => createPrismaClient(config.DATABASE_URL, options.databasePoolSize) },
        { provide: REDIS, useFactory: () => createRedisConnection(config.REDIS_URL, 'producer') },
        ...(options.consumer ? [{ provide: REDIS_CONSUMER, useFactory: () => createRedisConnection(config.REDIS_URL, 'consumer') }] : []),
        {
          provide: JobQueue,
          inject: [REDIS],
          useFactory: (redis: Redis) => new JobQueue(redis, { prefix: config.QUEUE_PREFIX, maxAttempts: config.JOB_MAX_ATTEMPTS, batch }),
        },
        { provide: WebhookQueue, inject: [REDIS], useFactory: (redis: Redis) => new WebhookQueue(redis, { prefix: config.QUEUE_PREFIX }) },
        prismaRepository(WebhookRepository),
        prismaRepository(ApiTokenRepository),
        prismaRepository(UploadRepository),
        QueuePrefixGuard,
        WebhookDispatch,
        ...(options.jobEvents
          ? [
              {
                provide: JobEvents,
                useFactory: async () => {
                  // Resolves even while Postgres is down: it keeps reconnecting in the background.
                  const events = new JobEvents(config.DATABASE_URL, new Logger('job-events'));
                  await events.start();
                  return events;
                },
              },
            ]
          : []),
      ],
      exports: [
        ...(options.jobEvents ? [JobEvents] : []),
        APP_CONFIG,
        PRISMA,
        REDIS,
        ...(options.consumer ? [REDIS_CONSUMER] : []),
        JobQueue,
        WebhookQueue,
        WebhookRepository,
        ApiTokenRepository,
        UploadRepository,
        QueuePrefixGuard,
        WebhookDispatch,
      ],
    };
  }

  constructor(
    @Inject(PRISMA) private readonly prisma: PrismaClient,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly queue: JobQueue,
    private readonly webhookQueue: WebhookQueue,
    @Optional() @Inject(REDIS_CONSUMER) private readonly consumerRedis?: Redis,
    @Optional() private readonly jobEvents?: JobEvents,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    await this.jobEvents?.close();
    await this.queue.close().catch(() => undefined);
    await this.webhookQueue.close().catch(() => undefined);
    this.consumerRedis?.disconnect();
    this.redis.disconnect();
    await this.prisma.$disconnect();
  }
}
