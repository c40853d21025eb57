import { QueueJobName, QueueName, type QueuePayloads } from '@docformat/contracts';
import { Queue, type Job, type JobState, type JobsOptions } from 'bullmq';
import type { Redis } from 'ioredis';
import { AddBatcher, type AddBatcherOptions } from './add-batcher';
import type { EntryRef } from './delivery';
import { FairPriority } from './fair-priority';
import { withTimeout } from './with-timeout';

export interface JobQueueOptions {
  prefix: string;
  /** How many times the worker may try a job before it fails for good. */
  maxAttempts: number;
  /**
   * Collect conversions enqueued close together into one `addBulk` (the API under
   * load). Unset: every enqueue is its own `add`.
   */
  batch?: AddBatcherOptions;
}

/** How long closing waits for the last batch to reach Redis. */
const DRAIN_TIMEOUT_MS = 2000;

/** BullMQ's view of a job id; `unknown`: the queue holds no entry for it. */
export type QueueEntryState = JobState | 'unknown';

export interface EnqueueOptions {
  /** Hold the entry back this long before it may run (tests make a delayed entry with it). */
  delayMs?: number;
  /** The job's client: its place in the queue is fair among clients (fair-priority.ts). */
  ownerId?: string;
}

/** Whose a job is when the caller does not say (tests): one more client, fair like the others. */
const NO_OWNER = '-';

interface QueuedAdd {
  name: QueueJobName;
  data: QueuePayloads[QueueJobName];
  opts: JobsOptions;
  owner: string;
}

/** How many entries the queue holds per state, and how long the oldest waiting one has waited. */
export interface QueueDepth {
  waiting: number;
  active: number;
  delayed: number;
  /** 0 when nothing waits. */
  oldestWaitingAgeSeconds: number;
}

/**
 * Since when a waiting entry has been waiting. BullMQ keeps no "entered the wait
 * list" time, so: its last attempt's start (a retried or stalled job) or, if it never
 * ran, when it was added; plus the delay it had to sit out first (a retry's backoff).
 */
export function waitingSince(job: Pick<Job, 'timestamp' | 'processedOn' | 'delay'>): number {
  return (job.processedOn ?? job.timestamp) + (job.delay ?? 0);
}

/**
 * The conversion queue as the apps see it: enqueue, inspect, remove. With
 * queue-consumer.ts (consume), the only place that talks to BullMQ: services call
 * these methods and never import bullmq, as immich's job repository does.
 */
export class JobQueue {
  private readonly queue: Queue;
  private readonly batcher?: AddBatcher<QueuedAdd>;
  private readonly fair: FairPriority;

  constructor(
    private readonly connection: Redis,
    private readonly options: JobQueueOptions,
  ) {
    this.queue = new Queue(QueueName.CONVERSION, { connection, prefix: options.prefix });
    // An 'error' event without a listener would crash the process; connection
    // problems surface to callers as time-outs instead.
    this.queue.on('error', () => undefined);
    this.fair = new FairPriority(connection, options.prefix);
    if (options.batch) this.batcher = new AddBatcher((adds) => this.addAll(adds), options.batch);
  }

  /** Adds entries with their clients' fair priorities: one round trip for the counts, one for the adds. */
  private async addAll(adds: readonly QueuedAdd[]): Promise<void> {
    // The connection fails commands instead of queueing them while it connects: wait for it, as BullMQ's add does.
    await this.queue.waitUntilReady();
    const priorities = await this.fair.priorities(adds.map((add) => add.owner));
    await this.queue.addBulk(adds.map(({ name, data, opts }, i) => ({ name, data, opts: { ...opts, priority: priorities[i] } })));
  }

  /** A job of `ownerId` started (its first attempt): one fewer of theirs waits. Best effort: the sweep corrects the counts. */
  async started(ownerId: string): Promise<void> {
    await this.fair.started(ownerId);
  }

  /** Sets every client's count of waiting jobs from Postgres (owner → CREATED jobs): the sweep heals drift with it. */
  async resetBacklogs(backlogs: ReadonlyMap<string, number>): Promise<void> {
    await this.fair.reset(backlogs);
  }

  /**
   * Enqueues a conversion. BullMQ's jobId is the job's own id, so enqueueing the
   * same job twice (a retried request, the sweep, a batch sent again) adds
   * nothing. The time-out is per caller, batch wait included: a caller that gives
   * up leaves its entry in the batch, which is harmless for the same reason.
   */
  async enqueueConversion(jobId: string, timeoutMs: number, options: EnqueueOptions = {}): Promise<void> {
    const opts = this.jobOptions({ jobId, ...(options.delayMs ? { delay: options.delayMs } : {}) });
    const add: QueuedAdd = { name: QueueJobName.CONVERT, data: { jobId }, opts, owner: options.ownerId ?? NO_OWNER };
    const added: Promise<unknown> = this.batcher ? this.batcher.add(add) : this.addAll([add]);
    await withTimeout(added, timeoutMs, 'Enqueueing the job');
  }

  /**
   * Adds page ranges of a split job as children of its `convert` entry (`parent`), which
   * is delivered again once they have all completed (BullMQ flows). Each range is one
   * more waiting entry of its client for fair scheduling, so another client's job goes
   * ahead of all but about one of them. Queue ids carry the round (rounds start again
   * for ranges a lost Redis or worker left unfinished), so an old entry swallows no new one.
   * A child that BullMQ gives up on (stalled too often) fails its parent entry, which the
   * sweep queues again, and that delivery queues what is unfinished in a new round.
   */
  async addRanges(parent: EntryRef, jobId: string, ownerId: string, ranges: readonly number[], round: number): Promise<void> {
    if (ranges.length === 0) return;
    await this.queue.waitUntilReady();
    const priorities = await this.fair.priorities(ranges.map(() => ownerId));
    await this.queue.addBulk(
      ranges.map((range, i) => ({
        name: QueueJobName.RANGE,
        data: { jobId, range, round } satisfies QueuePayloads[typeof QueueJobName.RANGE],
        opts: this.jobOptions({
          jobId: `${jobId}-r${range}-${round}`,
          priority: priorities[i],
          parent,
          failParentOnFailure: true,
        }),
      })),
    );
  }

  /** Round-trips to Redis; used by health checks. */
  async ping(timeoutMs: number): Promise<void> {
    // Without an offline queue a PING sent before the connection is ready fails at
    // once; wait for readiness first (bounded), as enqueueing does.
    await withTimeout(this.queue.waitUntilReady(), timeoutMs, 'Connecting to Redis');
    await withTimeout(this.connection.ping(), timeoutMs, 'Redis PING');
  }

  /**
   * The queue's depth, for metrics. Two reads that are not one snapshot: the counts
   * and the oldest waiting entry may be a few milliseconds apart, which a gauge can bear.
   */
  async depth(timeoutMs: number, now: number = Date.now()): Promise<QueueDepth> {
    const read = async (): Promise<QueueDepth> => {
      await this.queue.waitUntilReady();
      // Conversions carry a fair priority, so they wait in BullMQ's `prioritized` set;
      // plain `waiting` holds any entry added without one. Both are waiting.
      const [counts, nextInLine] = await Promise.all([
        this.queue.getJobCounts('waiting', 'prioritized', 'active', 'delayed'),
        this.queue.getJobs(['prioritized'], 0, 0, true),
      ]);
      const first = nextInLine[0];
      return {
        waiting: (counts['waiting'] ?? 0) + (counts['prioritized'] ?? 0),
        active: counts['active'] ?? 0,
        delayed: counts['delayed'] ?? 0,
        oldestWaitingAgeSeconds: first ? Math.max(0, now - waitingSince(first)) / 1000 : 0,
      };
    };
    return withTimeout(read(), timeoutMs, 'Reading the queue depth');
  }

  /** What state the queue entry of a job is in (queue ids are job ids). */
  state(jobId: string): Promise<QueueEntryState> {
    return this.queue.getJobState(jobId);
  }

  /** Drops the entry of a job (the sweep replaces a finished entry of an unfinished job). */
  async remove(jobId: string): Promise<void> {
    await this.queue.remove(jobId);
  }

  /** Deletes every entry and key of this queue: tests and benchmarks clean up with it. */
  async removeAll(): Promise<void> {
    await this.queue.obliterate({ force: true });
  }

  /**
   * Sends what the batcher holds (bounded: with Redis away its callers have had
   * their 503 already, and the sweep queues their jobs), then closes the queue.
   */
  async close(): Promise<void> {
    if (this.batcher) await withTimeout(this.batcher.drain(), DRAIN_TIMEOUT_MS, 'Sending the last batch').catch(() => undefined);
    await this.queue.close();
  }

  private jobOptions(opts: JobsOptions): JobsOptions {
    return {
      attempts: this.options.maxAttempts,
      backoff: { type: 'exponential', delay: 2000 },
      // Postgres keeps the record; Redis only needs finished entries briefly.
      removeOnComplete: { age: 3600, count: 10_000 },
      removeOnFail: { age: 24 * 3600 },
      ...opts,
    };
  }
}
