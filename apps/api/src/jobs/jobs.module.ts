import { Module, type MiddlewareConsumer, type NestModule } from '@nestjs/common';
import { JsonBodyMiddleware } from '../http/json-body.middleware';
import { JobsController } from './jobs.controller';
import { JobsService } from './jobs.service';

@Module({
  controllers: [JobsController],
  providers: [JobsService],
})
export class JobsModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(JsonBodyMiddleware).forRoutes(JobsController);
  }
}
