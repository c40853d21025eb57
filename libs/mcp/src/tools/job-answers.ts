import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { JobView } from '../backend';
import { problemResult, textResult } from '../tool-result';

/** What a job's `result` says that a model may want beside the outputs. */
interface ResultFacts {
  mimeType?: string;
  warnings?: { code: string; message: string }[];
}

/** One line about a completed job: its id (for get_job), pages, type and warnings. */
export function completedLine(job: JobView, outputs: readonly string[]): string {
  const facts = (job.result ?? {}) as ResultFacts;
  const warnings = facts.warnings?.length ? `; warnings: ${facts.warnings.map((w) => `${w.code} (${w.message})`).join('; ')}` : '';
  const what = outputs.length ? `; outputs above, in this order: ${outputs.join(', ')}` : '';
  return `Job ${job.id} COMPLETED: ${job.pages} page(s)${facts.mimeType ? ` of ${facts.mimeType}` : ''}${what}${warnings}.`;
}

/** A FAILED job is a tool error with the job's error code (DOWNLOAD_FAILED, CORRUPT_DOCUMENT, CANCELLED…). */
export function failedJobResult(job: JobView): CallToolResult {
  const code = job.error?.code ?? 'FAILED';
  return problemResult({ code, detail: `${job.error?.message ?? 'the job failed'} (job ${job.id})` });
}

/** The time limit passed first: the job's id and status, and how to get its outputs later. Not an error. */
export function pendingResult(job: JobView, timeoutSeconds: number): CallToolResult {
  const progress = job.progress ? `, ${job.progress.pagesDone} of ${job.progress.pages} pages done` : '';
  return {
    ...textResult(
      `Job ${job.id} is ${job.status}${progress} after ${timeoutSeconds} s; it goes on. ` +
        `Call get_job with {"id": "${job.id}", "waitSeconds": 60} to wait for it and get its outputs.`,
    ),
    structuredContent: { id: job.id, status: job.status, ...(job.progress ? { progress: job.progress } : {}) },
  };
}
