import { JobProcessingRepository, JobSourceRepository, JobSplitRepository } from '@docformat/db';
import { prismaRepository } from '@docformat/infra';
import { Module } from '@nestjs/common';
import { ShutdownSignal } from '../shutdown/shutdown-signal';
import { ConversionConsumer } from './conversion.consumer';
import { DocumentFetcher } from './document-fetcher';
import { JobCancellations } from './job-cancellations';
import { JobOutcomes } from './job-outcomes';
import { ProcessJobUseCase } from './process-job.usecase';
import { SourceKeeper } from './source-keeper';
import { RunRangeUseCase } from './split/range.usecase';
import { SplitDocuments } from './split/split-documents';
import { SplitParent } from './split/split-parent';

@Module({
  providers: [
    prismaRepository(JobProcessingRepository),
    prismaRepository(JobSplitRepository),
    prismaRepository(JobSourceRepository),
    ShutdownSignal,
    DocumentFetcher,
    JobCancellations,
    JobOutcomes,
    SplitDocuments,
    SplitParent,
    SourceKeeper,
    RunRangeUseCase,
    ProcessJobUseCase,
    ConversionConsumer,
  ],
  exports: [ProcessJobUseCase],
})
export class JobsModule {}
