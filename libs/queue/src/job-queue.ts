import { QueueJobName, QueueName, type QueuePayloads } from '@docformat/contracts';
import { Queue, type Job, type JobsOptions } from 'bullmq';
import type { Redis } from 'ioredis';
import { withTimeout } from './with-timeout';

export interface JobQueueOptions {
  prefix: string;
  /** How many times the worker may try a job before it fails for good. */
  maxAttempts: number;
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
 * The only place that talks to BullMQ on the producer side. Services call
 * `enqueueConversion(jobId)` and never import bullmq.
 */
export class JobQueue {
  readonly queue: Queue;

  constructor(
    private readonly connection: Redis,
    private readonly options: JobQueueOptions,
  ) {
    this.queue = new Queue(QueueName.CONVERSION, { connection, prefix: options.prefix });
    // An 'error' event without a listener would crash the process; connection
    // problems surface to callers as time-outs instead.
    this.queue.on('error', () => undefined);
  }

  /**
   * Enqueues a conversion. BullMQ's jobId is the job's own id, so enqueueing the
   * same job twice (a retried request, the sweep) adds nothing.
   */
  async enqueueConversion(jobId: string, timeoutMs: number): Promise<void> {
    await withTimeout(this.add(QueueJobName.CONVERT, { jobId }, { jobId }), timeoutMs, 'Enqueueing the job');
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
      const [counts, oldest] = await Promise.all([
        this.queue.getJobCounts('waiting', 'active', 'delayed'),
        // Ascending: the wait list's far end, the entry next in line.
        this.queue.getJobs(['waiting'], 0, 0, true),
      ]);
      const first = oldest[0];
      return {
        waiting: counts['waiting'] ?? 0,
        active: counts['active'] ?? 0,
        delayed: counts['delayed'] ?? 0,
        oldestWaitingAgeSeconds: first ? Math.max(0, now - waitingSince(first)) / 1000 : 0,
      };
    };
    return withTimeout(read(), timeoutMs, 'Reading the queue depth');
  }

  close(): Promise<void> {
    return this.queue.close();
  }

  private add<N extends QueueJobName>(name: N, payload: QueuePayloads[N], opts: JobsOptions) {
    return this.queue.add(name, payload, {
      attempts: this.options.maxAttempts,
      backoff: { type: 'exponential', delay: 2000 },
      // Postgres keeps the record; Redis only needs finished entries briefly.
      removeOnComplete: { age: 3600, count: 10_000 },
      removeOnFail: { age: 24 * 3600 },
      ...opts,
    });
  }
}
