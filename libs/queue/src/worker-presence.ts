import type { Redis } from 'ioredis';

/** The sorted set of the worker processes of one deployment (queue prefix) on one host. */
export const workerPresenceKey = (prefix: string, hostId: string): string => `${prefix}:workers:${hostId}`;

export interface WorkerPresenceOptions {
  /** QUEUE_PREFIX: one deployment's workers count each other, not another's on the same Redis. */
  prefix: string;
  /** The host the processes share cores on (hostIdentity()). */
  hostId: string;
  /** This process, unique and stable for its life; members are ordered by it (memberId()). */
  memberId: string;
  /** A member not heard from for this long has gone (killed without leaving). */
  ttlMs: number;
}

/**
 * Which worker processes of one deployment run on one host, told through Redis: each
 * member beats (ZADD with the time as score) and reads who else has beaten within the
 * TTL. All members of one key share one clock, the host's, so no skew between machines
 * can age a live member out. The key itself expires when no member beats any more.
 */
export class WorkerPresence {
  private readonly key: string;

  constructor(
    private readonly redis: Redis,
    private readonly options: WorkerPresenceOptions,
  ) {
    this.key = workerPresenceKey(options.prefix, options.hostId);
  }

  /** Announces this member and answers every live member's id, this one included. */
  async beat(now = Date.now()): Promise<string[]> {
    const replies = await this.redis
      .multi()
      .zadd(this.key, now, this.options.memberId)
      .zremrangebyscore(this.key, '-inf', now - this.options.ttlMs)
      .zrange(this.key, 0, -1)
      .pexpire(this.key, this.options.ttlMs * 2)
      .exec();
    const failed = replies?.find(([error]) => error);
    if (!replies || failed) throw failed?.[0] ?? new Error('The worker presence transaction was discarded');
    return replies[2]?.[1] as string[];
  }

  /** This member stops: the others may take its cores at their next beat instead of after the TTL. */
  async leave(): Promise<void> {
    await this.redis.zrem(this.key, this.options.memberId);
  }
}
