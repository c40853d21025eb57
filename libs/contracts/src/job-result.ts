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
  /**
   * The languages most of the document's text is in, the largest share first: at most
   * three, each with at least a tenth of the text. Empty when the document has too little
   * text to tell; absent on jobs completed before the field existed.
   */
  detectedLanguages?: DetectedLanguage[];
  /** Present (true) when the outputs were taken from an earlier job's conversion of the same bytes (the result cache). */
  cached?: true;
}

/** One language of a document's text (result.detectedLanguages). */
export interface DetectedLanguage {
  /** ISO 639-1 code: `en`, `de`, `zh`… */
  code: string;
  /** The share of the document's text in it, 0-1 (two decimals, rounded down, so the shares add up to 1 at most). */
  share: number;
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
