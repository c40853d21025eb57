import { isTerminalStatus } from '@docformat/contracts';
import { JobEvents, JobProcessingRepository, type JobEvent } from '@docformat/db';
import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';

/** What a running job holds: aborted when the job is ended by someone else. */
export interface Cancellation {
  readonly signal: AbortSignal;
  /** The job is done here: stop watching it. */
  release(): void;
}

/**
 * Stops the conversions of jobs that a client cancelled or deleted. Every job this
 * worker runs is watched from before its claim: any event for it (Postgres announces
 * a job that became COMPLETED or FAILED, or was deleted, at commit) while it runs here
 * means its outcome is settled elsewhere, so its download or conversion is aborted
 * (the conversion's thread is terminated and freed). After the event connection
 * comes back from a gap, the watched jobs are read again, since events were lost.
 * One worker may hold several watches of one job at once (a split job's entry and its
 * ranges, or two ranges with WORKER_CONCURRENCY above 1): each is kept, and all stop.
 */
@Injectable()
export class JobCancellations implements OnModuleDestroy {
  private readonly logger = new Logger('jobs');
  private readonly watched = new Map<string, Set<AbortController>>();
  private readonly unsubscribe: () => void;

  constructor(
    events: JobEvents,
    private readonly jobs: JobProcessingRepository,
  ) {
    this.unsubscribe = events.subscribe((event) => this.heard(event));
  }

  watch(jobId: string): Cancellation {
    const controller = new AbortController();
    const watches = this.watched.get(jobId) ?? new Set<AbortController>();
    watches.add(controller);
    this.watched.set(jobId, watches);
    return {
      signal: controller.signal,
      release: () => {
        watches.delete(controller);
        if (watches.size === 0 && this.watched.get(jobId) === watches) this.watched.delete(jobId);
      },
    };
  }

  onModuleDestroy(): void {
    this.unsubscribe();
  }

  private heard(event: JobEvent): void {
    if (event.kind === 'job') {
      this.cancel(event.jobId);
      return;
    }
    if (event.kind === 'resync') for (const jobId of this.watched.keys()) void this.recheck(jobId);
  }

  private async recheck(jobId: string): Promise<void> {
    try {
      const row = await this.jobs.findById(jobId);
      if (!row || isTerminalStatus(row.status)) this.cancel(jobId);
    } catch {
      // Postgres still away: the job's own writes will find out.
    }
  }

  private cancel(jobId: string): void {
    const running = [...(this.watched.get(jobId) ?? [])].filter((controller) => !controller.signal.aborted);
    if (running.length === 0) return;
    this.logger.log({ event: 'job.stopping', jobId, reason: 'cancelled, deleted or finished elsewhere' });
    for (const controller of running) controller.abort(new Error(`The job ${jobId} was ended elsewhere`));
  }
}
