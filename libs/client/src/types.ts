import type { components } from './generated/openapi';

type Schemas = components['schemas'];

/** A job as `GET /job/{id}` answers it. */
export type JobRecord = Schemas['JobRecordDto'];
/** The 202 record of a submission. */
export type CreatedJob = Schemas['CreatedJobRecordDto'];
/** A job in `GET /jobs`: without `formats` and `result`. */
export type JobSummary = Schemas['JobSummaryDto'];
export type JobList = Schemas['JobListDto'];
export type JobStatus = JobRecord['status'];
export type JobType = JobRecord['type'];
/** A running job's pages converted so far, of how many (`JobRecord.progress`). */
export type PageProgress = Schemas['JobProgressDto'];
/** The API's RFC 9457 problem+json body. */
export type Problem = Schemas['ProblemDto'];
export type FormatSelection = Schemas['FormatSelectionDto'];
/** An output format: `text`, `markdown`, `html`, `json` or `chunks`. */
export type FormatName = Extract<FormatSelection['type'], string>;
/** Everything `format` takes beside `type`: ocr, languages, pages, pageMarkers, tables, cache, chunking. */
export type FormatOptions = Omit<FormatSelection, 'type'>;
/** `options` of POST /extract: ocr, languages, pages. */
export type ExtractionOptions = Schemas['ExtractionOptionsDto'];
/** A completed format job's outputs, one entry per requested format. */
export type Outputs = JobRecord['formats'];
/** The json format's document tree (its JSON Schema: GET /schemas/document.json). */
export type DocumentTree = Schemas['DocumentTree'];

/** A batch as `POST /batches` and `GET /batches/{id}` answer it: counts by status and one page of its jobs. */
export type BatchRecord = Schemas['BatchRecordDto'];
/** A job in a batch's page: id, fileName, status, errorCode. */
export type BatchJob = Schemas['BatchJobDto'];

export const TERMINAL_STATUSES: readonly JobStatus[] = ['COMPLETED', 'FAILED'];
