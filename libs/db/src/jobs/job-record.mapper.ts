import {
  JobStatus,
  JobType as JobTypes,
  type CreatedJobRecord,
  type Extraction,
  type JobErrorCode,
  type JobProgress,
  type JobRecord,
  type JobSummary,
  type JobResult,
  type JobType,
  type JsonValue,
  type WebhookState,
} from '@docformat/contracts';
import type { JobRow, JobWithOutputs } from './job-row';

/** The spec's format response: exactly the fields it lists. */
export function toCreatedJobRecord(row: JobRow): CreatedJobRecord {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    status: row.status,
    pages: row.pages,
    fileName: row.fileUrl,
    type: row.type as JobType,
    formats: {},
  };
}

/**
 * The poll response. Outputs, result and error show only in the state they belong to.
 * `formatNames` are the registered output formats, each linked from a COMPLETED
 * extraction job's record: the caller passes them in (outputFormatNames()), as the
 * database layer sits below the converters that register them.
 */
export function toJobRecord(row: JobWithOutputs, formatNames: readonly string[]): JobRecord {
  const completed = row.status === JobStatus.COMPLETED;
  const formats: Record<string, JsonValue> = {};
  if (completed) {
    // A text output is its string; a JSON output the value itself, never a string holding it.
    const byFormat = new Map(
      row.outputs.map((o): [string, JsonValue | undefined] => [o.format, o.content ?? (o.json as JsonValue | null) ?? undefined]),
    );
    for (const name of row.requestedFormats) {
      const content = byFormat.get(name);
      if (content !== undefined) formats[name] = content;
    }
  }
  const extraction = row.type === JobTypes.EXTRACTION;
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    status: row.status,
    pages: row.pages,
    type: row.type as JobType,
    fileName: row.fileUrl,
    result:
      completed && row.result
        ? { ...orderedResult(row.result as unknown as JobResult), ...(extraction ? extractionOf(row.extraction) : {}) }
        : {},
    formats: completed && extraction ? formatLinks(row.id, formatNames) : formats,
    error:
      row.status === JobStatus.FAILED
        ? { code: (row.errorCode ?? 'INTERNAL_ERROR') as JobErrorCode, message: row.errorMessage ?? 'The job failed.' }
        : null,
    updatedAt: row.updatedAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    completedAt: row.completedAt?.toISOString() ?? null,
    requestedFormats: row.requestedFormats,
    attempts: row.attempts,
    ...progressOf(row),
    ...(row.webhookUrl ? { webhook: webhookState(row.webhookUrl, row.webhookDelivery ?? null) } : {}),
    ...(row.batchId ? { batchId: row.batchId } : {}),
  };
}

/** A running job's pages done out of its pages, once the worker has told how many there are. */
function progressOf(row: JobRow): { progress: JobProgress } | Record<string, never> {
  if (row.status !== JobStatus.IN_PROGRESS || row.pagesTotal === null) return {};
  return { progress: { pagesDone: row.pagesDone ?? 0, pages: row.pagesTotal } };
}

/** A job's webhook as its record shows it: PENDING with no attempts until the job ends and its delivery starts. */
export function webhookState(url: string, delivery: JobWithOutputs['webhookDelivery']): WebhookState {
  return {
    url,
    status: delivery?.status ?? 'PENDING',
    attempts: delivery?.attempts ?? 0,
    lastError: delivery?.lastError ?? null,
    deliveredAt: delivery?.deliveredAt ? new Date(delivery.deliveredAt).toISOString() : null,
  };
}

/** A job in GET /jobs: everything but its outputs and result (so no format names either). */
export function toJobSummary(row: JobRow): JobSummary {
  const { formats: _formats, result: _result, ...summary } = toJobRecord({ ...row, outputs: [] }, []);
  return summary;
}

/** JSONB does not keep key order; answer in the documented order. Rows from before warnings existed have none. */
function orderedResult({ mimeType, bytes, sha256, metadata, pagesConverted, ocr, warnings, cached }: JobResult): JobResult {
  return {
    mimeType,
    bytes,
    sha256,
    metadata,
    ...(pagesConverted ? { pagesConverted } : {}),
    ...(ocr ? { ocr: { pages: ocr.pages, meanConfidence: ocr.meanConfidence } } : {}),
    warnings: warnings ?? [],
    ...(cached ? { cached } : {}),
  };
}

/** An extraction job's findings in the documented order; a job from before they were stored has none. */
function extractionOf(stored: unknown): Extraction | Record<string, never> {
  if (!stored) return {};
  const { document, tables, links, images } = stored as Extraction;
  return { document, tables, links, images };
}

/** Where each registered format can be rendered from an extraction job's stored document. */
function formatLinks(id: string, formatNames: readonly string[]): Record<string, string> {
  return Object.fromEntries(formatNames.map((name) => [name, `/job/${id}/formats/${name}`]));
}
