import { Module } from '@nestjs/common';
import { MetricsModule } from '../metrics/metrics.module';
import { JobsController } from './jobs.controller';
import { JobsService } from './jobs.service';

/** Bodies are parsed before routing, by the JSON parser registered in app.factory.ts. */
@Module({
  imports: [MetricsModule],
  controllers: [JobsController],
  providers: [JobsService],
})
export class JobsModule {}
