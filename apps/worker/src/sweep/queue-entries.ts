import { JobQueue } from '@docformat/queue';
import { Injectable } from '@nestjs/common';

/**
 * The sweep's look at BullMQ, through the producer-side JobQueue: ask what state an
 * entry is in, drop a finished one, enqueue anew. Queue ids are job ids.
 */
@Injectable()
export class QueueEntries {
  constructor(private readonly queue: JobQueue) {}

  state(jobId: string): Promise<string> {
    return this.queue.queue.getJobState(jobId);
  }

  async remove(jobId: string): Promise<void> {
    await this.queue.queue.remove(jobId);
  }

  enqueue(jobId: string, timeoutMs: number): Promise<void> {
    return this.queue.enqueueConversion(jobId, timeoutMs);
  }
}
