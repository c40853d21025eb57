import type { DocformatClient, JobStatus, JobSummary, JobType } from '@docformat/client';
import { EXIT_OK } from '../failure';
import type { Io } from '../io';

export interface JobsRequest {
  status?: JobStatus;
  type?: JobType;
  limit: number;
  json: boolean;
}

const FILE_WIDTH = 48;

/** `docformat jobs`: the client's recent jobs, newest first, as a table (or the API's JSON). */
export async function jobsCommand(client: DocformatClient, request: JobsRequest, io: Io): Promise<number> {
  const list = await client.listJobs({ status: request.status, type: request.type, limit: request.limit });
  if (request.json) io.stdout(`${JSON.stringify(list, null, 2)}\n`);
  else io.stdout(list.jobs.length ? jobsTable(list.jobs) : 'No jobs.\n');
  return EXIT_OK;
}

/** Columns padded to their widest cell; the full id, since `docformat cancel` takes it. */
export function jobsTable(jobs: readonly JobSummary[]): string {
  const rows = [
    ['ID', 'STATUS', 'TYPE', 'PAGES', 'CREATED', 'FILE', 'ERROR'],
    ...jobs.map((job) => [
      job.id,
      job.status,
      job.type,
      String(job.pages),
      job.createdAt.replace(/\.\d+Z$/, 'Z'),
      shorten(job.fileName, FILE_WIDTH),
      job.error?.code ?? '',
    ]),
  ];
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => row[column]?.length ?? 0))) ?? [];
  return rows
    .map(
      (row) =>
        `${row
          .map((cell, column) => cell.padEnd(widths[column] ?? 0))
          .join('  ')
          .trimEnd()}\n`,
    )
    .join('');
}

/** Long URLs keep their end, where the document's name is. */
function shorten(text: string, width: number): string {
  return text.length <= width ? text : `…${text.slice(text.length - width + 1)}`;
}
