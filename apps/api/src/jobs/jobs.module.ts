import { Module, type MiddlewareConsumer, type NestModule } from '@nestjs/common';
import { JsonBodyMiddleware } from '../http/json-body.middleware';
import { MetricsModule } from '../metrics/metrics.module';
import { JobsController } from './jobs.controller';
import { JobsService } from './jobs.service';

@Module({
  imports: [MetricsModule],
  controllers: [JobsController],
  providers: [JobsService],
})
export class JobsModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(JsonBodyMiddleware).forRoutes(JobsController);
  }
}
