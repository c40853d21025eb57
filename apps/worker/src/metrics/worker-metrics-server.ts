import type { AppConfig } from '@docformat/config';
import { WorkerMetrics } from '@docformat/metrics';
import { APP_CONFIG } from '@docformat/infra';
import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { startMetricsServer, type MetricsServer } from './metrics-server';

/** Every interface: Prometheus scrapes workers from another host or container. */
const METRICS_HOST = '0.0.0.0';

/**
 * Serves the worker's metrics on METRICS_PORT; with no port configured it opens
 * nothing. Listening starts at module init, before the consumer takes any job (so a
 * port that cannot be bound stops the start before a job is claimed), and ends last,
 * so a scrape during a graceful shutdown still sees the jobs that finish in it.
 */
@Injectable()
export class WorkerMetricsServer implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('metrics');
  private server?: MetricsServer;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly metrics: WorkerMetrics,
  ) {}

  /** The port scraped, or null when METRICS_PORT is unset. */
  get port(): number | null {
    return this.server?.port ?? null;
  }

  async onModuleInit(): Promise<void> {
    const port = this.config.METRICS_PORT;
    if (port === undefined) return;
    // A port that cannot be bound fails the start: a worker nobody can watch is a configuration error.
    this.server = await startMetricsServer({
      port,
      host: METRICS_HOST,
      token: this.config.METRICS_TOKEN,
      registry: this.metrics.registry,
      onError: (error) => this.logger.error({ event: 'metrics.scrape_failed', err: error }),
    });
    this.logger.log({ event: 'metrics.listening', port: this.server.port, tokenRequired: this.config.METRICS_TOKEN !== undefined });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.server?.close();
    this.server = undefined;
  }
}
