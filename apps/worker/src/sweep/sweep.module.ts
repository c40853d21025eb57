import { Module } from '@nestjs/common';
import { SweepService } from './sweep.service';

@Module({
  providers: [SweepService],
  exports: [SweepService],
})
export class SweepModule {}
