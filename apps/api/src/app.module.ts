import type { AppConfig } from '@docformat/config';
import { loggerOptions } from '@docformat/logging';
import { Module, type DynamicModule } from '@nestjs/common';
import { APP_FILTER, APP_PIPE } from '@nestjs/core';
import { LoggerModule } from 'nestjs-pino';
import { randomUUID } from 'node:crypto';
import { AuthModule } from './auth/auth.module';
import { HealthController } from './health/health.controller';
import { ProblemDetailsFilter } from './http/problem-details.filter';
import { createValidationPipe } from './http/validation.pipe';
import { InfraModule } from './infra/infra.module';
import { JobsModule } from './jobs/jobs.module';
import { MetricsModule } from './metrics/metrics.module';

@Module({})
export class AppModule {
  static register(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        LoggerModule.forRoot({
          pinoHttp: {
            ...loggerOptions('api', config.LOG_LEVEL),
            // Honour an upstream request id so one request can be followed across proxies.
            genReqId: (req) => (req.headers['x-request-id'] as string | undefined) ?? randomUUID(),
            // 503 (database or queue unreachable) is an expected, answered condition, not a bug.
            customLogLevel: (_req, res, err) => (res.statusCode === 503 ? 'warn' : err || res.statusCode >= 500 ? 'error' : 'info'),
            // Health checks and Prometheus scrapes come every few seconds and say nothing.
            autoLogging: { ignore: (req) => req.url === '/health' || req.url === '/metrics' },
          },
        }),
        InfraModule.register(config),
        AuthModule,
        JobsModule,
        MetricsModule,
      ],
      controllers: [HealthController],
      providers: [
        { provide: APP_FILTER, useClass: ProblemDetailsFilter },
        { provide: APP_PIPE, useFactory: createValidationPipe },
      ],
    };
  }
}
