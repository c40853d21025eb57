import type { JobType } from '@docformat/contracts';
import type { PrismaClient } from '../prisma-client';
import type { Job, JobOutput } from '../generated/prisma/client';

export type JobRow = Job;
export type JobWithOutputs = Job & { outputs: Pick<JobOutput, 'format' | 'content'>[] };

export interface NewJob {
  id: string;
  ownerId: string;
  type: JobType;
  fileUrl: string;
  requestedFormats: string[];
}

/** Job rows as the API and the worker read and write them. */
export class JobRepository {
  constructor(private readonly prisma: PrismaClient) {}

  create(job: NewJob): Promise<JobRow> {
    return this.prisma.job.create({ data: job });
  }

  /**
   * A job as its owner sees it, outputs included. Another client's job is simply
   * not found, so ids cannot be probed.
   */
  findForOwner(id: string, ownerId: string): Promise<JobWithOutputs | null> {
    return this.prisma.job.findFirst({
      where: { id, ownerId },
      include: { outputs: { select: { format: true, content: true } } },
    });
  }
}
