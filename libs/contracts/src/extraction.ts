import type { JsonValue } from './job-output';
import type { JobResult } from './job-result';

/**
 * What an extraction job (POST /extract) finds in a document, beside the source facts
 * every job's `result` has. Types, not interfaces: stored as JSON, they must stay
 * assignable to JsonValue.
 */
export type Extraction = {
  /** The document tree: the json format's output (its schema is served at /schemas/document.json). */
  document: JsonValue;
  tables: ExtractedTable[];
  links: ExtractedLink[];
  images: ExtractedImage[];
};

/** A box in page points, origin at the top-left corner: [x0, y0, x1, y1]. */
export type Box = [number, number, number, number];

export type ExtractedTable = {
  /** 0-based, in reading order. */
  index: number;
  /** The page the table starts on (1 for documents without pages). */
  page: number;
  /** Its box on that page, for PDF and OCR tables. */
  bbox?: Box;
  /** "Table 3: …" from the paragraph just before or after it, or an HTML <caption>, when there is one. */
  caption?: string;
  /** How many of the first rows are header rows: 0 or 1. */
  headerRows: number;
  /** Every row (header first) as its cells' plain text; all rows have the same length. */
  rows: string[][];
};

export type ExtractedLink = {
  /** As written in the source (relative links stay relative): check the scheme before following it. */
  href: string;
  /** The link's visible text. */
  text: string;
  page: number;
};

export type ExtractedImage = {
  /** The author's description (alt text); empty when the document has none. */
  alt: string;
  /** The picture's name inside the document, when known. */
  src?: string;
  page: number;
  bbox?: Box;
  /** Its number among the job's stored images: GET /job/{id}/images/{n}. Absent when it was not kept (too small, over a cap). */
  n?: number;
  /** `image/png`, `image/jpeg`, … of the stored image. */
  mediaType?: string;
  /** Its size in pixels, when known. */
  width?: number;
  height?: number;
};

/** `result` of a COMPLETED extraction job: the source facts and the extraction. */
export type ExtractionResult = JobResult & Extraction;
