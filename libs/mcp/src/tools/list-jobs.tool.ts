import { JobStatus, JobType } from '@docformat/contracts';
import { z } from 'zod';
import { jsonResult } from '../tool-result';
import { defineTool } from './tool-definition';

/** list_jobs: GET /jobs, one page. */
export const listJobsTool = defineTool({
  name: 'list_jobs',
  title: 'List jobs',
  description:
    'Your jobs, newest first, one page as JSON: {jobs, nextCursor}. Each job has its id, status, type, pages, file name, ' +
    'dates and error, without outputs (get_job has those). Pass nextCursor as cursor for the next page; it is null on the last.',
  inputSchema: {
    status: z.enum(Object.values(JobStatus)).optional().describe('Only jobs in this status.'),
    type: z.enum(Object.values(JobType)).optional().describe('Only jobs of this type: format (convert_document) or extraction.'),
    limit: z.number().int().min(1).max(100).optional().describe('Jobs per page, 1–100 (default 20).'),
    cursor: z.string().optional().describe('nextCursor of the previous page.'),
  },
  annotations: { readOnlyHint: true, openWorldHint: false },
  async run(args, { backend }) {
    return jsonResult(await backend.listJobs(args));
  },
});
