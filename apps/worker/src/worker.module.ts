import type { AppConfig } from '@docformat/config';
import { InfraModule } from '@docformat/infra';
import { loggerOptions } from '@docformat/logging';
import { Module, type DynamicModule } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import { ConversionModule, type ConversionThreadOptions } from './conversion/conversion.module';
import { JobsModule } from './jobs/jobs.module';
import { MetricsModule } from './metrics/metrics.module';
import { SweepModule } from './sweep/sweep.module';
import { WorkerShareModule } from './worker-share/worker-share.module';
import { maxConcurrency } from './worker-share/worker-share.service';
import { WebhooksModule } from './webhooks/webhooks.module';

/** Enough Postgres connections for every concurrent job plus the sweep, but never a flood. */
function databasePoolSize(config: AppConfig): number {
  return Math.min(maxConcurrency(config) + 3, 20);
}

export interface WorkerOptions {
  /** Conversion-thread overrides (tests run the TypeScript sources, or a test task). */
  thread?: ConversionThreadOptions;
}

@Module({})
export class WorkerModule {
  static register(config: AppConfig, options: WorkerOptions = {}): DynamicModule {
    return {
      module: WorkerModule,
      imports: [
        // No HTTP here: pino-http's options are just the pino logger's.
        LoggerModule.forRoot({ pinoHttp: loggerOptions('worker', config.LOG_LEVEL) }),
        InfraModule.register(config, { databasePoolSize: databasePoolSize(config), consumer: true, waitForRedis: true, jobEvents: true }),
        MetricsModule,
        WorkerShareModule,
        ConversionModule.register(config, options.thread),
        JobsModule,
        SweepModule,
        WebhooksModule,
      ],
    };
  }
}
