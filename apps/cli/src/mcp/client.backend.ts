import {
  DocformatApiError,
  DocformatError,
  type DocformatClient,
  type DocumentInput,
  type FormatName,
  type FormatOptions,
} from '@docformat/client';
import type { DocformatBackend, DocumentSource, ToolProblem } from '@docformat/mcp';
import { FORMAT_NAMES } from '../convert-flags';

/**
 * The MCP tools' backend in `docformat mcp`: the API over HTTP, through the client
 * (its retries of 429 and 503, its long-polls). The API's problems reach the model with
 * their codes; an unreachable API is CONNECTION_FAILED.
 */
export function clientBackend(client: DocformatClient, logUnexpected: (error: unknown) => void): DocformatBackend {
  return {
    formatNames: FORMAT_NAMES,
    submitFormat: (source, { type, ...options }) =>
      client.submit(input(source), {
        formats: type as FormatName | FormatName[],
        options: options as FormatOptions,
        fileName: fileNameOf(source),
      }),
    submitExtraction: (source, options) => client.extract(input(source), { options, fileName: fileNameOf(source) }),
    getJob: (id, waitSeconds, signal) => client.getJob(id, { wait: waitSeconds, signal }),
    listJobs: (query) => client.listJobs(query as Parameters<DocformatClient['listJobs']>[0]),
    problemOf: (error) => problemOf(error, logUnexpected),
  };
}

function input(source: DocumentSource): DocumentInput {
  return 'url' in source ? new URL(source.url) : source.content;
}

function fileNameOf(source: DocumentSource): string | undefined {
  return 'url' in source ? undefined : source.fileName;
}

function problemOf(error: unknown, logUnexpected: (error: unknown) => void): ToolProblem | undefined {
  if (error instanceof DocformatApiError) {
    const { code, detail, errors } = error.problem;
    return { code, detail, status: error.status, ...(errors?.length ? { errors } : {}) };
  }
  if (error instanceof DocformatError) return { code: error.code, detail: error.detail };
  logUnexpected(error);
  return undefined;
}
