import { z } from 'zod';
import type { JobView } from '../backend';
import { textResult } from '../tool-result';
import { waitForJob } from '../wait-for-job';
import { timeoutSecondsSchema } from './convert-document.tool';
import { documentSource, documentSourceShape } from './document-source';
import { givenOptions, readingOptionsShape } from './format-options';
import { completedLine, failedJobResult, pendingResult } from './job-answers';
import { defineTool } from './tool-definition';

/** extract_document: POST /extract, then waits as convert_document does; answers the extraction as JSON. */
export const extractDocumentTool = defineTool({
  name: 'extract_document',
  title: 'Extract tables, links and images from a document',
  description:
    'Read a document once into its structure and return, as JSON: its metadata (title, author…), every table as rows of cell ' +
    'text (with page and caption), every link (href, text, page) and every picture (alt text, page), with the job id. ' +
    'Set includeDocument to also get the whole document tree (blocks with type, text, page and box; it can be large). ' +
    'Give the document as a url, or as base64 content with fileName. If the extraction takes longer than timeoutSeconds, ' +
    'returns the job id and status instead: call get_job with that id later.',
  inputSchema: {
    ...documentSourceShape,
    ...readingOptionsShape,
    includeDocument: z.boolean().default(false).describe('Also return the document tree (result.document). Default false.'),
    timeoutSeconds: timeoutSecondsSchema,
  },
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  async run(args, { backend, signal }) {
    const startedAt = Date.now();
    const source = documentSource(args);
    const created = await backend.submitExtraction(source, givenOptions(args, readingOptionsShape));
    const job = await waitForJob(backend, created, args.timeoutSeconds, signal, startedAt);
    if (job.status === 'FAILED') return failedJobResult(job);
    if (job.status !== 'COMPLETED') return pendingResult(job, args.timeoutSeconds);
    return textResult(JSON.stringify(extraction(job, args.includeDocument)), completedLine(job, []));
  },
});

/** The record's extraction: `result` with or without its document tree. */
function extraction(job: JobView, includeDocument: boolean): unknown {
  const { document, ...rest } = (job.result ?? {}) as Record<string, unknown>;
  return { id: job.id, pages: job.pages, result: includeDocument ? { ...rest, document } : rest };
}
