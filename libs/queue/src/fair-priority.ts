import type { Redis } from 'ioredis';

/** BullMQ's largest priority (2^21); lower runs first, and jobs without one would run before all that have one. */
export const MAX_PRIORITY = 2_097_152;

/** The hash, under the queue's prefix, of each client's count of queued jobs that have not started. */
export const backlogKey = (prefix: string) => `${prefix}:fair:backlog`;

/**
 * Fair scheduling between clients without BullMQ's group feature (a paid add-on): a
 * job's priority is its client's backlog when it is queued (1 for the first waiting
 * job, 2 for the second…). BullMQ serves lower priorities first and equal ones in
 * order, so a client with one job waits behind at most one job of a client with
 * thousands queued: their queues interleave round-robin. The backlog counts up here,
 * down when a worker starts a job (first attempt), and is set from Postgres (the
 * client's CREATED jobs) on every sweep, so drift from crashes or a Redis flush heals.
 */
export class FairPriority {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  /** Counts one queued job per owner (in order) and returns each one's priority, in one round trip. */
  async priorities(owners: readonly string[]): Promise<number[]> {
    if (owners.length === 0) return [];
    const pipeline = this.redis.pipeline();
    for (const owner of owners) pipeline.hincrby(backlogKey(this.prefix), owner, 1);
    const results = (await pipeline.exec()) ?? [];
    return results.map(([error, count]) => {
      if (error) throw error;
      return Math.min(MAX_PRIORITY, Math.max(1, Number(count)));
    });
  }

  /** A job of `owner` has started: one fewer waits. */
  async started(owner: string): Promise<void> {
    await this.redis.hincrby(backlogKey(this.prefix), owner, -1);
  }

  /** Replaces every count with `backlogs` (owner → CREATED jobs), as one transaction. */
  async reset(backlogs: ReadonlyMap<string, number>): Promise<void> {
    const multi = this.redis.multi().del(backlogKey(this.prefix));
    if (backlogs.size > 0) multi.hset(backlogKey(this.prefix), Object.fromEntries(backlogs));
    await multi.exec();
  }
}
