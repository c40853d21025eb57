import type { ConversionOptions } from '../conversion-options';
import type { IntermediateDocument } from '../document';

/** What a reader gets: the raw bytes plus what the caller already knows about them. */
export interface ReaderInput {
  bytes: Buffer;
  /** Lower-case `type/subtype`, parameters removed; '' when unknown. */
  mimeType: string;
  fileName?: string;
  /** Documents with more pages fail with TOO_MANY_PAGES before the heavy work. */
  maxPages: number;
  /** Pre-decoded text, when the caller already decoded the bytes. */
  text?: string;
  /** The Content-Type header as received; its charset decodes text-based inputs. */
  contentType?: string | null;
  /** OCR, languages, page selection; DEFAULT_CONVERSION_OPTIONS when absent. */
  options?: ConversionOptions;
}

/**
 * One input type. `accepts` is data, not code, so one matcher (matcher.ts) can pick
 * readers and list the supported types. Readers are stateless; heavy parsers must be
 * loaded inside `read` so that importing a reader costs nothing.
 */
export interface DocumentReader {
  readonly name: string;
  readonly accepts: {
    readonly mimeTypes: readonly string[];
    /** Lower-case, without the dot. */
    readonly extensions: readonly string[];
  };
  read(input: ReaderInput): Promise<IntermediateDocument>;
}
