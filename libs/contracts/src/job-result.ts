import type { JobWarning } from './format-options';

/** What the service learned about the source document; filled once COMPLETED. */
export interface JobResult {
  mimeType: string;
  bytes: number;
  sha256: string;
  metadata: DocumentMetadata;
  /** Present when `format.pages` left pages out: the pages that were converted. */
  pagesConverted?: number[];
  /** Present when pages were read by OCR. */
  ocr?: OcrResult;
  /** Things to know about a completed conversion, such as NO_TEXT_FOUND; often empty. */
  warnings: JobWarning[];
  /** Present (true) when the outputs were taken from an earlier job's conversion of the same bytes (the result cache). */
  cached?: true;
}

export interface OcrResult {
  /** The pages whose text came from OCR. */
  pages: number[];
  /** Mean word confidence over those pages, 0-100. */
  meanConfidence: number;
}

export interface DocumentMetadata {
  title?: string;
  author?: string;
  subject?: string;
  keywords?: string;
  language?: string;
  producer?: string;
  createdAt?: string;
  modifiedAt?: string;
}
