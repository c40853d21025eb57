import type { AppConfig } from '@docformat/config';
import { APP_CONFIG, REDIS } from '@docformat/infra';
import { WorkerPresence, withTimeout } from '@docformat/queue';
import { type BeforeApplicationShutdown, Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { once } from 'node:events';
import { coreShare } from './core-share';
import { hostIdentity, presenceMemberId } from './host-identity';

/** How often a worker tells the others on its host that it is there. */
export const PRESENCE_BEAT_MS = 2000;
/** A worker not heard from for this long (killed without leaving) no longer counts. */
export const PRESENCE_TTL_MS = 7000;

/** How long the first beat waits for Redis before the worker starts counting itself alone. */
const FIRST_BEAT_WAIT_MS = 5000;

/** The most conversions the process may ever run at once: its threads and its database pool are sized for it. */
export function maxConcurrency(config: Pick<AppConfig, 'WORKER_CONCURRENCY' | 'WORKER_CORES'>): number {
  return config.WORKER_CONCURRENCY ?? config.WORKER_CORES;
}

/**
 * How many conversions this worker process runs at once. WORKER_CONCURRENCY when set;
 * otherwise its share of WORKER_CORES among the deployment's worker processes on the
 * same host, found through Redis (WorkerPresence) and kept current: two workers
 * scaled up on a 2-core machine run one conversion each instead of two, which put
 * four PDF threads on two cores and cost ~25 % of the pages per second
 * (apps/worker/bench/throughput.ts, docs/performance.md). Until the first beat
 * answers (Redis not reached yet) a worker counts itself alone.
 */
@Injectable()
export class WorkerShare implements OnModuleInit, BeforeApplicationShutdown {
  private readonly logger = new Logger('worker');
  private readonly presence: WorkerPresence | undefined;
  private readonly memberId = presenceMemberId();
  private readonly listeners: Array<(share: number) => void> = [];
  private share: number;
  private timer: NodeJS.Timeout | undefined;
  private failing = false;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(REDIS) private readonly redis: Redis,
  ) {
    this.share = maxConcurrency(config);
    if (config.WORKER_CONCURRENCY === undefined) {
      this.presence = new WorkerPresence(redis, {
        prefix: config.QUEUE_PREFIX,
        hostId: hostIdentity(),
        memberId: this.memberId,
        ttlMs: PRESENCE_TTL_MS,
      });
    }
  }

  /** Conversions to run at once now. */
  get current(): number {
    return this.share;
  }

  /** Called with the new share whenever it changes. */
  onChange(listener: (share: number) => void): void {
    this.listeners.push(listener);
  }

  /** The first beat before the consumer starts (onApplicationBootstrap), so a worker joining others does not take a full share of jobs first. */
  async onModuleInit(): Promise<void> {
    if (!this.presence) return;
    // The connection fails fast (no offline queue) until it is ready; a worker waits for Redis anyway.
    if (this.redis.status !== 'ready') {
      await withTimeout(once(this.redis, 'ready'), FIRST_BEAT_WAIT_MS, 'Connecting to Redis').catch(() => undefined);
    }
    await this.beat();
    this.timer = setInterval(() => void this.beat(), PRESENCE_BEAT_MS);
    this.timer.unref();
  }

  /** After the consumer has stopped (onModuleDestroy), before Redis is closed (onApplicationShutdown): the others take its cores at their next beat. */
  async beforeApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.presence?.leave().catch(() => undefined);
  }

  private async beat(): Promise<void> {
    if (!this.presence) return;
    try {
      const members = await this.presence.beat();
      this.failing = false;
      this.apply(coreShare(this.config.WORKER_CORES, members, this.memberId), members.length);
    } catch (error) {
      // Redis is away: the consumer cannot take jobs either. Keep the share and say so once.
      if (!this.failing) this.logger.warn({ event: 'worker.share_unknown', err: error, concurrency: this.share });
      this.failing = true;
    }
  }

  private apply(share: number, workersOnHost: number): void {
    if (share === this.share) return;
    this.share = share;
    this.logger.log({ event: 'worker.share', concurrency: share, workersOnHost, cores: this.config.WORKER_CORES });
    for (const listener of this.listeners) listener(share);
  }
}
