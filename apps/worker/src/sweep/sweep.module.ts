import { Module } from '@nestjs/common';
import { QueueEntries } from './queue-entries';
import { SweepService } from './sweep.service';

@Module({
  providers: [QueueEntries, SweepService],
  exports: [SweepService],
})
export class SweepModule {}
