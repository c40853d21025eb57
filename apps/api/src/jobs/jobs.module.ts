import { Module } from '@nestjs/common';
import { MetricsModule } from '../metrics/metrics.module';
import { JobControlController } from './control/job-control.controller';
import { JobControlService } from './control/job-control.service';
import { JobsController } from './jobs.controller';
import { JobsService } from './jobs.service';
import { JobListController } from './list/job-list.controller';
import { JobListService } from './list/job-list.service';
import { UploadSubmissions } from './upload/upload-submissions';
import { SubmissionRateGuard } from '../rate-limit/submission-rate.guard';

/** Bodies are parsed before routing, by the JSON parser registered in app.factory.ts. */
@Module({
  imports: [MetricsModule],
  controllers: [JobsController, JobControlController, JobListController],
  providers: [JobsService, JobControlService, JobListService, UploadSubmissions, SubmissionRateGuard],
})
export class JobsModule {}
