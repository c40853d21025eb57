import { Counter, type Registry } from 'prom-client';
import { formatsLabel } from './labels';
import { MetricName } from './metric-names';
import { registerQueueDepthMetrics, type QueueDepthReading } from './queue-depth-metrics';
import { createMetricsRegistry } from './registry';

/**
 * What the API reports: jobs it created, and the queue's depth (one API suffices for
 * the queue, however many workers run; workers report what they did themselves).
 */
export class ApiMetrics {
  private readonly jobsCreated: Counter<'formats'>;

  constructor(readonly registry: Registry = createMetricsRegistry()) {
    this.jobsCreated = new Counter({
      name: MetricName.JOBS_CREATED,
      help: 'Jobs created by POST /format (saved, whether or not the queue took them at once), by requested formats.',
      labelNames: ['formats'],
      registers: [registry],
    });
  }

  jobCreated(formats: readonly string[]): void {
    this.jobsCreated.inc({ formats: formatsLabel(formats) });
  }

  /** Adds the queue gauges, read through `read` at each scrape. Call once. */
  watchQueue(queue: string, read: () => Promise<QueueDepthReading>, onError: (error: unknown) => void): void {
    registerQueueDepthMetrics(this.registry, queue, read, onError);
  }
}
