import { JobSplitRepository } from '@docformat/db';
import { Injectable } from '@nestjs/common';

/** Split documents one worker keeps: its next range is most often of the same document. */
const KEPT = 2;

/**
 * The documents of split jobs as this worker's ranges read them: from Postgres once per
 * document, not once per range (a 100-page scan is tens of megabytes, and a worker
 * takes many of its ranges in a row). The newest few are kept; a job that has ended
 * has no split any more, and its document is dropped when it is asked for no longer.
 */
@Injectable()
export class SplitDocuments {
  private readonly kept = new Map<string, Promise<Buffer | null>>();

  constructor(private readonly splits: JobSplitRepository) {}

  /** The job's split document; null when the split has gone (the job ended). */
  get(jobId: string): Promise<Buffer | null> {
    let document = this.kept.get(jobId);
    if (document) {
      // Most recently used last: the oldest is the first key.
      this.kept.delete(jobId);
    } else {
      document = this.splits.document(jobId);
      // A failed read is not kept: the next range reads again.
      document.catch(() => this.kept.delete(jobId));
    }
    this.kept.set(jobId, document);
    while (this.kept.size > KEPT) this.kept.delete(this.kept.keys().next().value as string);
    return document;
  }

  /** The job has ended: its document is of no more use here. */
  forget(jobId: string): void {
    this.kept.delete(jobId);
  }
}
