import { JobMaintenanceRepository, JobSplitRepository } from '@docformat/db';
import { prismaRepository } from '@docformat/infra';
import { Module } from '@nestjs/common';
import { SweepService } from './sweep.service';

@Module({
  providers: [prismaRepository(JobMaintenanceRepository), prismaRepository(JobSplitRepository), SweepService],
  exports: [SweepService],
})
export class SweepModule {}
