import type { AppConfig } from '@docformat/config';
import { readDatabaseIdentity, type DatabaseIdentity, type PrismaClient } from '@docformat/db';
import { claimQueuePrefix, QueuePrefixConflictError } from '@docformat/queue';
import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { APP_CONFIG, PRISMA, REDIS_PRODUCER } from './tokens';

/** How long one attempt to reach Redis at start-up may take before it is tried again. */
const CLAIM_TIMEOUT_MS = 5000;

/**
 * Binds QUEUE_PREFIX to this worker's database. A worker whose prefix belongs to
 * another database refuses to start: it would take that deployment's jobs, find
 * no row for them and drop them. Runs before the consumer starts taking jobs
 * (module init precedes bootstrap); the sweep calls `reassert` so the record
 * comes back after a Redis flush.
 */
@Injectable()
export class QueuePrefixGuard implements OnModuleInit {
  private readonly logger = new Logger('queue');
  private owner?: DatabaseIdentity;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(PRISMA) private readonly prisma: PrismaClient,
    @Inject(REDIS_PRODUCER) private readonly redis: Redis,
  ) {}

  async onModuleInit(): Promise<void> {
    this.owner = await readDatabaseIdentity(this.prisma);
    // A worker cannot do anything without Redis: wait for it, as BullMQ would.
    for (;;) {
      try {
        await this.claim(this.owner);
        return;
      } catch (error) {
        if (error instanceof QueuePrefixConflictError) throw error;
        this.logger.warn({ event: 'queue.prefix_unchecked', prefix: this.config.QUEUE_PREFIX, reason: (error as Error).message });
      }
    }
  }

  /**
   * Writes the owner record again if it is gone (a flush, a Redis restart without
   * persistence). Throws QueuePrefixConflictError if another database took it meanwhile.
   */
  async reassert(): Promise<void> {
    if (this.owner) await this.claim(this.owner);
  }

  private async claim(owner: DatabaseIdentity): Promise<void> {
    const prefix = this.config.QUEUE_PREFIX;
    try {
      const claimed = await claimQueuePrefix(this.redis, prefix, owner, CLAIM_TIMEOUT_MS);
      if (claimed) this.logger.log({ event: 'queue.prefix_owned', prefix, database: owner.database, databaseId: owner.id });
    } catch (error) {
      if (error instanceof QueuePrefixConflictError) {
        this.logger.fatal({ event: 'queue.prefix_conflict', prefix, database: owner.database, owner: error.theirs }, error.message);
      }
      throw error;
    }
  }
}
