import type { AppConfig } from '@docformat/config';
import { readDatabaseIdentity, type DatabaseIdentity, type PrismaClient } from '@docformat/db';
import { claimQueuePrefix, QueuePrefixConflictError } from '@docformat/queue';
import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { INFRA_OPTIONS, type InfraOptions } from './infra-options';
import { APP_CONFIG, PRISMA, REDIS } from './tokens';

/** How long one attempt to reach Redis at a worker's start-up may take before it is tried again. */
const WAITING_CLAIM_TIMEOUT_MS = 5000;

/**
 * Binds QUEUE_PREFIX to this process's database. A process whose prefix belongs to
 * another database on the same Redis refuses to start: its jobs would be taken by
 * the other deployment's workers, which find no row for them and drop them. Runs at
 * module init, before a worker's consumer takes jobs (bootstrap). When Redis does not
 * answer, a worker waits for it (`waitForRedis`); the API starts anyway and answers
 * 503 QUEUE_UNAVAILABLE meanwhile, and the workers check again on every sweep (`reassert`).
 */
@Injectable()
export class QueuePrefixGuard implements OnModuleInit {
  private readonly logger = new Logger('queue');
  private owner?: DatabaseIdentity;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(PRISMA) private readonly prisma: PrismaClient,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(INFRA_OPTIONS) private readonly options: InfraOptions,
  ) {}

  async onModuleInit(): Promise<void> {
    const owner = await readDatabaseIdentity(this.prisma);
    this.owner = owner;
    const timeoutMs = this.options.waitForRedis ? WAITING_CLAIM_TIMEOUT_MS : this.config.ENQUEUE_TIMEOUT_MS;
    for (;;) {
      try {
        await this.claim(owner, timeoutMs, true);
        return;
      } catch (error) {
        if (error instanceof QueuePrefixConflictError) throw error;
        this.logger.warn({ event: 'queue.prefix_unchecked', prefix: this.config.QUEUE_PREFIX, reason: (error as Error).message });
        if (!this.options.waitForRedis) return;
      }
    }
  }

  /**
   * Writes the owner record again if it is gone (a flush, a Redis restart without
   * persistence). Throws QueuePrefixConflictError if another database took it meanwhile.
   */
  async reassert(): Promise<void> {
    if (this.owner) await this.claim(this.owner, WAITING_CLAIM_TIMEOUT_MS, false);
  }

  /** `logUnchanged`: log the ownership even when the record was already there (at start-up). */
  private async claim(owner: DatabaseIdentity, timeoutMs: number, logUnchanged: boolean): Promise<void> {
    const prefix = this.config.QUEUE_PREFIX;
    try {
      const claimed = await claimQueuePrefix(this.redis, prefix, owner, timeoutMs);
      if (claimed || logUnchanged)
        this.logger.log({ event: 'queue.prefix_owned', prefix, database: owner.database, databaseId: owner.id, claimed });
    } catch (error) {
      if (error instanceof QueuePrefixConflictError) {
        this.logger.fatal({ event: 'queue.prefix_conflict', prefix, database: owner.database, owner: error.theirs }, error.message);
      }
      throw error;
    }
  }
}
