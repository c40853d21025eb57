import { Global, Module } from '@nestjs/common';
import { WorkerShare } from './worker-share.service';

/** The worker's share of its host's cores, for the conversion pool and the queue consumer. */
@Global()
@Module({ providers: [WorkerShare], exports: [WorkerShare] })
export class WorkerShareModule {}
