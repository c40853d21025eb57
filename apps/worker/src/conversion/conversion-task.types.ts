import type { DocumentMetadata, JobErrorCode } from '@docformat/contracts';

/** What clients see when something unexpected stopped their job; the log has the rest. */
export const INTERNAL_ERROR_MESSAGE = 'An internal error stopped the conversion';

/** What the main thread sends a conversion thread (structured-cloned). */
export interface ConversionTaskInput {
  bytes: Uint8Array;
  mimeType: string;
  fileName: string | null;
  /** The Content-Type header as received: its charset decodes text documents. */
  contentType: string | null;
  formats: string[];
  maxPages: number;
}

export interface ConversionTaskSuccess {
  ok: true;
  pages: number;
  outputs: Record<string, string>;
  metadata: DocumentMetadata;
}

/**
 * Errors lose their class (and so `instanceof JobFailure`) when they cross a thread
 * boundary, so the thread reports a failure as data instead of throwing it.
 */
export interface ConversionTaskFailure {
  ok: false;
  code: JobErrorCode;
  message: string;
  /** For the logs only: the stack of an unexpected error. */
  detail?: string;
}

export type ConversionTaskOutcome = ConversionTaskSuccess | ConversionTaskFailure;
