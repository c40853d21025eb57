import { ApiMetrics } from '@docformat/metrics';
import { Injectable } from '@nestjs/common';
import cluster from 'node:cluster';
import { answerMetricsCollection, requestClusterMetrics } from '../cluster/cluster-metrics';

/** How long a scrape waits for the primary to aggregate every API process's metrics. */
const CLUSTER_SCRAPE_TIMEOUT_MS = 3000;

/**
 * The text a scrape answers: this process's registry when the API runs as one
 * process (and in tests), the whole cluster's, aggregated by the primary, when it
 * is one of API_PROCESSES.
 */
@Injectable()
export class MetricsExposition {
  private readonly clustered = cluster.isWorker;

  constructor(private readonly metrics: ApiMetrics) {
    if (this.clustered) answerMetricsCollection(metrics.registry);
  }

  get contentType(): string {
    return this.metrics.registry.contentType;
  }

  text(): Promise<string> {
    return this.clustered ? requestClusterMetrics(CLUSTER_SCRAPE_TIMEOUT_MS) : this.metrics.registry.metrics();
  }
}
