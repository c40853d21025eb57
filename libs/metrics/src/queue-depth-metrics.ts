import { Gauge, type Registry } from 'prom-client';
import { MetricName, QUEUE_STATES } from './metric-names';

/** What one read of the queue gives (libs/queue's JobQueue.depth has this shape). */
export interface QueueDepthReading {
  waiting: number;
  active: number;
  delayed: number;
  oldestWaitingAgeSeconds: number;
}

/**
 * Registers the queue gauges, read lazily at scrape time. One scrape reads the queue
 * once: the gauges' collect() calls run together, so they share the read in flight.
 * A failed read is reported to `onError` and leaves the depth gauges without samples
 * (a stale or zero depth would mislead); QUEUE_METRICS_UP says 0 instead. It never
 * throws, so Redis being down cannot fail the scrape.
 */
export function registerQueueDepthMetrics(
  registry: Registry,
  queue: string,
  read: () => Promise<QueueDepthReading>,
  onError: (error: unknown) => void,
): void {
  let inFlight: Promise<QueueDepthReading | null> | undefined;
  const snapshot = (): Promise<QueueDepthReading | null> => {
    inFlight ??= read()
      .catch((error: unknown) => {
        onError(error);
        return null;
      })
      .finally(() => {
        inFlight = undefined;
      });
    return inFlight;
  };

  new Gauge({
    name: MetricName.QUEUE_JOBS,
    help: 'Queue entries per state (waiting, active, delayed), read from Redis at scrape time.',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const depth = await snapshot();
      if (depth) for (const state of QUEUE_STATES) this.set({ queue, state }, depth[state]);
    },
  });
  new Gauge({
    name: MetricName.QUEUE_OLDEST_WAITING_AGE,
    help: 'Seconds the queue entry next in line has been waiting; 0 when none waits.',
    labelNames: ['queue'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const depth = await snapshot();
      if (depth) this.set({ queue }, depth.oldestWaitingAgeSeconds);
    },
  });
  new Gauge({
    name: MetricName.QUEUE_METRICS_UP,
    help: '1 when this scrape could read the queue from Redis, 0 when it could not (the queue gauges are then left out).',
    labelNames: ['queue'] as const,
    registers: [registry],
    async collect() {
      this.set({ queue }, (await snapshot()) ? 1 : 0);
    },
  });
}
