import { Module } from '@nestjs/common';
import { ShutdownSignal } from '../shutdown/shutdown-signal';
import { ConversionConsumer } from './conversion.consumer';
import { DocumentFetcher } from './document-fetcher';
import { ProcessJobUseCase } from './process-job.usecase';

@Module({
  providers: [ShutdownSignal, DocumentFetcher, ProcessJobUseCase, ConversionConsumer],
  exports: [ProcessJobUseCase],
})
export class JobsModule {}
