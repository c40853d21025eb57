import { ClientBatchRepository } from '@docformat/db';
import { prismaRepository } from '@docformat/infra';
import { Module } from '@nestjs/common';
import { JobsModule } from '../jobs/jobs.module';
import { BatchesController } from './batches.controller';
import { BatchesService } from './batches.service';

/** POST/GET/DELETE /batches: many jobs as one, made by the jobs module's submission code. */
@Module({
  imports: [JobsModule],
  controllers: [BatchesController],
  providers: [BatchesService, prismaRepository(ClientBatchRepository)],
})
export class BatchesModule {}
