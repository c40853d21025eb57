import { z } from 'zod';
import { jsonResult } from '../tool-result';
import { MAX_WAIT_SECONDS } from '../wait-for-job';
import { defineTool } from './tool-definition';

/** get_job: GET /job/{id}, with ?wait= when asked. */
export const getJobTool = defineTool({
  name: 'get_job',
  title: 'Get a job',
  description:
    "A job's record as JSON: status (CREATED, IN_PROGRESS, COMPLETED or FAILED), pages, progress while it runs, error once " +
    'FAILED, and once COMPLETED its outputs in formats (one entry per requested format) and facts about the source in result. ' +
    `With waitSeconds (up to ${MAX_WAIT_SECONDS}), answers as soon as the job ends, or when that time is up. ` +
    'Use it for a job convert_document or extract_document handed back unfinished.',
  inputSchema: {
    id: z.string().describe('The job id (a UUID), as convert_document, extract_document or list_jobs gave it.'),
    waitSeconds: z
      .number()
      .int()
      .min(0)
      .max(MAX_WAIT_SECONDS)
      .default(0)
      .describe(`Seconds to wait for the job to end before answering (0–${MAX_WAIT_SECONDS}, default 0: at once).`),
  },
  annotations: { readOnlyHint: true, openWorldHint: false },
  async run(args, { backend, signal }) {
    return jsonResult(await backend.getJob(args.id, args.waitSeconds, signal));
  },
});
