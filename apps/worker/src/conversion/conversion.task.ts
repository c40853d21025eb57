import { isJobFailure, JobErrorCode } from '@docformat/contracts';
import { convertDocument } from '@docformat/converters';
import { INTERNAL_ERROR_MESSAGE, type ConversionTaskInput, type ConversionTaskOutcome } from './conversion-task.types';

/**
 * Runs inside a piscina worker thread: the only place the converters (and their
 * heavy parsers) are loaded. Never throws; see ConversionTaskFailure for why.
 */
export default async function convertInThread(input: ConversionTaskInput): Promise<ConversionTaskOutcome> {
  try {
    const result = await convertDocument({
      // Structured cloning turns the Buffer into a plain Uint8Array; view it, don't copy.
      bytes: Buffer.from(input.bytes.buffer, input.bytes.byteOffset, input.bytes.byteLength),
      mimeType: input.mimeType,
      fileName: input.fileName ?? undefined,
      contentType: input.contentType,
      formats: input.formats,
      maxPages: input.maxPages,
    });
    return { ok: true, pages: result.pages, outputs: result.outputs, metadata: result.metadata };
  } catch (error) {
    if (isJobFailure(error)) return { ok: false, code: error.code, message: error.message };
    return {
      ok: false,
      code: JobErrorCode.INTERNAL_ERROR,
      message: INTERNAL_ERROR_MESSAGE,
      detail: error instanceof Error ? (error.stack ?? error.message) : String(error),
    };
  }
}
