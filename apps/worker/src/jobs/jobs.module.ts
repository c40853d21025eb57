import { JobProcessingRepository } from '@docformat/db';
import { prismaRepository } from '@docformat/infra';
import { Module } from '@nestjs/common';
import { ShutdownSignal } from '../shutdown/shutdown-signal';
import { ConversionConsumer } from './conversion.consumer';
import { DocumentFetcher } from './document-fetcher';
import { JobCancellations } from './job-cancellations';
import { ProcessJobUseCase } from './process-job.usecase';

@Module({
  providers: [
    prismaRepository(JobProcessingRepository),
    ShutdownSignal,
    DocumentFetcher,
    JobCancellations,
    ProcessJobUseCase,
    ConversionConsumer,
  ],
  exports: [ProcessJobUseCase],
})
export class JobsModule {}
