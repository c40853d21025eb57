import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { JobView } from '../backend';
import { textResult } from '../tool-result';
import { waitForJob } from '../wait-for-job';
import { documentSource, documentSourceShape } from './document-source';
import { formatOptionsShape, givenOptions } from './format-options';
import { completedLine, failedJobResult, pendingResult } from './job-answers';
import { defineTool } from './tool-definition';

/** The longest a convert_document or extract_document call may wait for its job. */
export const MAX_TIMEOUT_SECONDS = 600;
export const DEFAULT_TIMEOUT_SECONDS = 60;

export const timeoutSecondsSchema = z
  .number()
  .int()
  .min(0)
  .max(MAX_TIMEOUT_SECONDS)
  .default(DEFAULT_TIMEOUT_SECONDS)
  .describe(
    `Seconds to wait for the job (0–${MAX_TIMEOUT_SECONDS}, default ${DEFAULT_TIMEOUT_SECONDS}). ` +
      'If it has not ended by then, the answer is its id and status instead, and get_job fetches it later.',
  );

/** convert_document: POST /format, then long-polls the job until it ends or the time limit passes. */
export function convertDocumentTool(formatNames: readonly string[]) {
  const formatName = z.enum(formatNames as [string, ...string[]]);
  return defineTool({
    name: 'convert_document',
    title: 'Convert a document',
    description:
      'Convert a document (PDF, Word, OpenDocument, RTF, EPUB, PowerPoint, spreadsheets, CSV, HTML, markdown, e-mail, ZIP, ' +
      'images and scans by OCR) into markdown (the default), plain text, html, a json document tree or retrieval chunks. ' +
      'Give the document as a url, or as base64 content with fileName. Waits for the conversion and returns each requested ' +
      'output as a text block (json and chunks as JSON), then a line with the job id, page count and any warnings. If the ' +
      'conversion takes longer than timeoutSeconds, returns the job id and status instead: call get_job with that id later.',
    inputSchema: {
      ...documentSourceShape,
      format: z
        .union([formatName, z.array(formatName).min(1)])
        .default('markdown')
        .describe(`Output format, or several: ${formatNames.join(', ')}. Default markdown.`),
      ...formatOptionsShape,
      timeoutSeconds: timeoutSecondsSchema,
    },
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
    async run(args, { backend, signal }) {
      const startedAt = Date.now();
      const source = documentSource(args);
      const requested = [...new Set(Array.isArray(args.format) ? args.format : [args.format])];
      const created = await backend.submitFormat(source, { type: requested, ...givenOptions(args, formatOptionsShape) });
      const job = await waitForJob(backend, created, args.timeoutSeconds, signal, startedAt);
      if (job.status === 'COMPLETED') return outputsResult(job, requested);
      if (job.status === 'FAILED') return failedJobResult(job);
      return pendingResult(job, args.timeoutSeconds);
    },
  });
}

/** One text block per requested format, in the order asked, then the job's line. */
function outputsResult(job: JobView, requested: readonly string[]): CallToolResult {
  const outputs = requested.map((name) => {
    const output = job.formats[name];
    return typeof output === 'string' ? output : JSON.stringify(output ?? null);
  });
  return textResult(...outputs, completedLine(job, requested));
}
