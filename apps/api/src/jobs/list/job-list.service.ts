import type { JobList } from '@docformat/contracts';
import { ClientJobRepository, type ApiClient, toJobSummary } from '@docformat/db';
import { Injectable } from '@nestjs/common';
import { decodeCursor, encodeCursor } from './job-cursor';
import { DEFAULT_PAGE_SIZE, type ListJobsQuery } from './list-jobs.query';

/** GET /jobs: one page of the client's own jobs, newest first. */
@Injectable()
export class JobListService {
  constructor(private readonly jobs: ClientJobRepository) {}

  async list(client: ApiClient, query: ListJobsQuery): Promise<JobList> {
    const limit = query.limit ?? DEFAULT_PAGE_SIZE;
    // One row more than the page tells whether there is a next page, without a count.
    const rows = await this.jobs.listForOwner({
      ownerId: client.id,
      status: query.status,
      type: query.type,
      after: query.cursor === undefined ? undefined : decodeCursor(query.cursor),
      limit: limit + 1,
    });
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    return {
      jobs: page.map(toJobSummary),
      nextCursor: rows.length > limit && last ? encodeCursor({ createdAt: last.createdAt, id: last.id }) : null,
    };
  }
}
