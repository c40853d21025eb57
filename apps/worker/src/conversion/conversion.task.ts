import { isJobFailure, JobErrorCode } from '@docformat/contracts';
import { RemoteOcrEngines, convertDocument } from '@docformat/converters';
import { threadId } from 'node:worker_threads';
import { INTERNAL_ERROR_MESSAGE, type ConversionTaskInput, type ConversionTaskOutcome, type ThreadUsage } from './conversion-task.types';

const MB = 1024 * 1024;

/**
 * Runs inside a piscina worker thread: the only place the converters (and their
 * heavy parsers) are loaded. Never throws; see ConversionTaskFailure for why.
 * Every outcome says which thread ran it and what that thread holds afterwards, so
 * the pool can replace a thread that has grown.
 */
export default async function convertInThread(input: ConversionTaskInput): Promise<ConversionTaskOutcome> {
  const outcome = await convert(input);
  return { ...outcome, thread: threadUsage() };
}

function threadUsage(): ThreadUsage {
  // In a worker thread, heapTotal and external are this thread's own (rss is the process's).
  const { heapTotal, external } = process.memoryUsage();
  return { id: threadId, heapMb: Math.round(heapTotal / MB), externalMb: Math.round(external / MB) };
}

async function convert(input: ConversionTaskInput): Promise<ConversionTaskOutcome> {
  const ocrEngines = input.ocrPort ? new RemoteOcrEngines(input.ocrPort) : undefined;
  try {
    const result = await convertDocument({
      // Structured cloning turns the Buffer into a plain Uint8Array; view it, don't copy.
      bytes: Buffer.from(input.bytes.buffer, input.bytes.byteOffset, input.bytes.byteLength),
      mimeType: input.mimeType,
      fileName: input.fileName ?? undefined,
      contentType: input.contentType,
      formats: input.formats,
      maxPages: input.maxPages,
      options: input.options,
      ocrParallelism: input.ocrParallelism,
      ocrEngines,
    });
    return {
      ok: true,
      pages: result.pages,
      outputs: result.outputs,
      metadata: result.metadata,
      ...(result.pagesConverted ? { pagesConverted: result.pagesConverted } : {}),
      ...(result.ocr ? { ocr: result.ocr } : {}),
      warnings: result.warnings,
    };
  } catch (error) {
    if (isJobFailure(error)) return { ok: false, code: error.code, message: error.message };
    return {
      ok: false,
      code: JobErrorCode.INTERNAL_ERROR,
      message: INTERNAL_ERROR_MESSAGE,
      detail: error instanceof Error ? (error.stack ?? error.message) : String(error),
    };
  } finally {
    ocrEngines?.close();
  }
}
