import type { AppConfig } from '@docformat/config';
import { readDatabaseIdentity, type PrismaClient } from '@docformat/db';
import { claimQueuePrefix, QueuePrefixConflictError } from '@docformat/queue';
import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { APP_CONFIG, PRISMA, REDIS } from './tokens';

/**
 * Refuses to start an API whose QUEUE_PREFIX belongs to another database on the
 * same Redis: its jobs would be taken by the other deployment's workers, which do
 * not know them. When Redis does not answer at start-up the API starts anyway (it
 * answers 503 QUEUE_UNAVAILABLE meanwhile); workers check again when they start
 * and on every sweep.
 */
@Injectable()
export class QueuePrefixGuard implements OnModuleInit {
  private readonly logger = new Logger('queue');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(PRISMA) private readonly prisma: PrismaClient,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  async onModuleInit(): Promise<void> {
    const owner = await readDatabaseIdentity(this.prisma);
    const prefix = this.config.QUEUE_PREFIX;
    try {
      const claimed = await claimQueuePrefix(this.redis, prefix, owner, this.config.ENQUEUE_TIMEOUT_MS);
      this.logger.log({ event: 'queue.prefix_owned', prefix, database: owner.database, databaseId: owner.id, claimed });
    } catch (error) {
      if (error instanceof QueuePrefixConflictError) {
        this.logger.fatal({ event: 'queue.prefix_conflict', prefix, database: owner.database, owner: error.theirs }, error.message);
        throw error;
      }
      this.logger.warn({ event: 'queue.prefix_unchecked', prefix, reason: (error as Error).message });
    }
  }
}
