import { QueueName } from '@docformat/contracts';
import { ApiMetrics } from '@docformat/metrics';
import { JobQueue } from '@docformat/queue';
import { Logger, Module } from '@nestjs/common';
import { MetricsController } from './metrics.controller';
import { MetricsExposition } from './metrics-exposition';

/** How long a scrape waits for Redis before it leaves the queue gauges out. */
const QUEUE_DEPTH_TIMEOUT_MS = 1000;

/**
 * The API's Prometheus metrics: one registry per app (tests boot several in one
 * process), jobs created, and the queue's depth read from Redis at scrape time.
 */
@Module({
  controllers: [MetricsController],
  providers: [
    {
      provide: ApiMetrics,
      inject: [JobQueue],
      useFactory: (queue: JobQueue) => {
        const logger = new Logger('metrics');
        const metrics = new ApiMetrics();
        metrics.watchQueue(
          QueueName.CONVERSION,
          () => queue.depth(QUEUE_DEPTH_TIMEOUT_MS),
          // One line per failed scrape while Redis is away; the scrape itself still succeeds.
          (error) => logger.warn({ event: 'metrics.queue_unavailable', reason: error instanceof Error ? error.message : String(error) }),
        );
        return metrics;
      },
    },
    MetricsExposition,
  ],
  exports: [ApiMetrics],
})
export class MetricsModule {}
