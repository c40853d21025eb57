import { isUuid, JobStatus, ProblemCode, type JobRecord } from '@docformat/contracts';
import { outputFormatNames } from '@docformat/converters/names';
import { ClientJobRepository, type ApiClient, toJobRecord } from '@docformat/db';
import { JobQueue, withTimeout } from '@docformat/queue';
import { WebhookDispatch } from '@docformat/infra';
import { Injectable, Logger } from '@nestjs/common';
import { notFound, ProblemException } from '../../http/problem.exception';

/** A cancel never waits long for Redis: the entry is only a leftover. */
const QUEUE_TIMEOUT_MS = 1000;

export const CANCELLED_MESSAGE = 'The job was cancelled by its client.';

/**
 * Cancel and delete. Postgres decides (one conditional statement each); the job's
 * trigger then announces the change, and the worker running the conversion, on
 * whatever machine, stops it. The queue entry of a job that has not started is
 * removed too, though a stale one would only be skipped.
 */
@Injectable()
export class JobControlService {
  private readonly logger = new Logger('jobs');

  constructor(
    private readonly jobs: ClientJobRepository,
    private readonly queue: JobQueue,
    private readonly webhooks: WebhookDispatch,
  ) {}

  async cancel(client: ApiClient, id: string): Promise<JobRecord> {
    const outcome = isUuid(id) ? await this.jobs.cancel(id, client.id, CANCELLED_MESSAGE) : 'not-found';
    if (outcome === 'not-found') throw notFound(`There is no job with id "${id}".`);
    const row = await this.jobs.findForOwner(id, client.id);
    if (!row) throw notFound(`There is no job with id "${id}".`);
    if (outcome === 'finished') {
      throw new ProblemException({
        status: 409,
        code: ProblemCode.JOB_FINISHED,
        title: 'Conflict',
        detail: `The job ${id} is ${row.status === JobStatus.COMPLETED ? 'COMPLETED' : 'FAILED'} already and cannot be cancelled.`,
      });
    }
    this.logger.log({ event: 'job.cancelled', jobId: id, clientId: client.id });
    await this.dropQueueEntry(id);
    if (row.webhookUrl) await this.webhooks.dispatch(id);
    return toJobRecord(row, outputFormatNames());
  }

  /** Deletes the job and everything stored for it; a running conversion is stopped by the deletion's event. */
  async delete(client: ApiClient, id: string): Promise<void> {
    if (!isUuid(id) || !(await this.jobs.deleteForOwner(id, client.id))) throw notFound(`There is no job with id "${id}".`);
    this.logger.log({ event: 'job.deleted', jobId: id, clientId: client.id });
    await this.dropQueueEntry(id);
  }

  /** Best effort: BullMQ keeps a running job's entry (its worker finishes it as skipped), and Redis may be away. */
  private async dropQueueEntry(id: string): Promise<void> {
    await withTimeout(this.queue.remove(id), QUEUE_TIMEOUT_MS, 'Removing the queue entry').catch((error: unknown) => {
      this.logger.warn({ event: 'job.queue_entry_kept', jobId: id, reason: error instanceof Error ? error.message : String(error) });
    });
  }
}
