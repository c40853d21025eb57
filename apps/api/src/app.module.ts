import type { AppConfig } from '@docformat/config';
import { InfraModule } from '@docformat/infra';
import { Module, type DynamicModule } from '@nestjs/common';
import { APP_FILTER, APP_PIPE } from '@nestjs/core';
import { AuthModule } from './auth/auth.module';
import { HealthController } from './health/health.controller';
import { ProblemDetailsFilter } from './http/problem-details.filter';
import { createValidationPipe } from './http/validation.pipe';
import { BatchesModule } from './batches/batches.module';
import { JobsModule } from './jobs/jobs.module';
import { McpModule } from './mcp/mcp.module';
import { MetricsModule } from './metrics/metrics.module';
import { SchemasController } from './schemas/schemas.controller';

@Module({})
export class AppModule {
  static register(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        InfraModule.register(config, { batchEnqueues: true, jobEvents: true }),
        AuthModule,
        JobsModule,
        BatchesModule,
        McpModule,
        MetricsModule,
      ],
      controllers: [HealthController, SchemasController],
      providers: [
        { provide: APP_FILTER, useClass: ProblemDetailsFilter },
        { provide: APP_PIPE, useFactory: createValidationPipe },
      ],
    };
  }
}
