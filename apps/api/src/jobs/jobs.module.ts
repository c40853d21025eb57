import type { AppConfig } from '@docformat/config';
import { ClientJobRepository, JobDocumentRepository, JobSourceRepository } from '@docformat/db';
import { APP_CONFIG, prismaRepository } from '@docformat/infra';
import { Inject, Module, type OnModuleDestroy } from '@nestjs/common';
import { MetricsModule } from '../metrics/metrics.module';
import { JobControlController } from './control/job-control.controller';
import { JobControlService } from './control/job-control.service';
import { ExtractController } from './extract/extract.controller';
import { JobFormatsController } from './formats/job-formats.controller';
import { JobFormatsService } from './formats/job-formats.service';
import { ImageLinks } from './images/image-links.service';
import { JobImagesController } from './images/job-images.controller';
import { JobImagesService } from './images/job-images.service';
import { RenderPool } from './formats/render-pool';
import { JobsController } from './jobs.controller';
import { JobPagesController } from './pages/job-pages.controller';
import { JobPagesService } from './pages/job-pages.service';
import { JobsService } from './jobs.service';
import { JobListController } from './list/job-list.controller';
import { JobListService } from './list/job-list.service';
import { UploadSubmissions } from './upload/upload-submissions';
import { SubmissionRateGuard } from '../rate-limit/submission-rate.guard';
import { SubmissionRateLimiter } from '../rate-limit/submission-rate-limiter';

/** Bodies are parsed before routing, by the JSON parser registered in app.factory.ts. */
@Module({
  imports: [MetricsModule],
  controllers: [
    JobsController,
    ExtractController,
    JobControlController,
    JobListController,
    JobFormatsController,
    JobPagesController,
    JobImagesController,
  ],
  providers: [
    JobsService,
    JobControlService,
    JobListService,
    UploadSubmissions,
    SubmissionRateLimiter,
    SubmissionRateGuard,
    JobFormatsService,
    JobPagesService,
    ImageLinks,
    JobImagesService,
    prismaRepository(ClientJobRepository),
    prismaRepository(JobDocumentRepository),
    prismaRepository(JobSourceRepository),
    {
      provide: RenderPool,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) =>
        new RenderPool({ threads: config.RENDER_THREADS, maxMemoryMb: config.RENDER_MAX_MEMORY_MB, timeoutMs: config.RENDER_TIMEOUT_MS }),
    },
  ],
  // The MCP server (apps/api/src/mcp) submits, reads and lists jobs with the same services.
  exports: [JobsService, JobListService, UploadSubmissions, SubmissionRateLimiter],
})
export class JobsModule implements OnModuleDestroy {
  constructor(@Inject(RenderPool) private readonly renderPool: RenderPool) {}

  /** Rendering threads end with the app (none may hold the process open). */
  onModuleDestroy(): Promise<void> {
    return this.renderPool.close();
  }
}
