import { WorkerMetrics } from '@docformat/metrics';
import { Global, Module } from '@nestjs/common';
import { WorkerMetricsServer } from './worker-metrics-server';

/**
 * One WorkerMetrics (and so one registry) per worker app: the jobs code records into
 * it whether or not METRICS_PORT opens a server to read it.
 */
@Global()
@Module({
  providers: [{ provide: WorkerMetrics, useFactory: () => new WorkerMetrics() }, WorkerMetricsServer],
  exports: [WorkerMetrics],
})
export class MetricsModule {}
