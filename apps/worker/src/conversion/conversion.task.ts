import { isJobFailure, JobErrorCode } from '@docformat/contracts';
import {
  type ConvertInput,
  type ConvertResult,
  RemoteOcrEngines,
  assemblePdfParts,
  convertDocument,
  convertPdfPart,
  isFirstPart,
  readerNamed,
  takeNativePeak,
} from '@docformat/converters';
import type { MessagePort } from 'node:worker_threads';
import { threadId } from 'node:worker_threads';
import {
  INTERNAL_ERROR_MESSAGE,
  type ConversionTaskFailure,
  type ConversionTaskInput,
  type ConversionTaskSuccess,
  type PdfAssembleTaskInput,
  type PdfPartTaskInput,
  type PdfPartTaskSuccess,
  type TaskIdentification,
  type TaskInput,
  type TaskOutcome,
  type ThreadUsage,
} from './conversion-task.types';
import { releaseHeap } from './heap-release';
import { packPart, unpackPart, withPartMoved } from './part-transfer';
import { postedProgress } from './progress-port';

const MB = 1024 * 1024;

/**
 * Runs inside a piscina worker thread: the only place the converters (and their
 * heavy parsers) are loaded. Never throws; see ConversionTaskFailure for why.
 * Every outcome says which thread ran it and what that thread holds afterwards, so
 * the pool can replace a thread that has grown.
 */
export default async function convertInThread(input: TaskInput): Promise<TaskOutcome> {
  const started = performance.now();
  const result = await run(input);
  releaseHeap();
  const outcome = { ...result, thread: threadUsage(started) };
  return 'part' in outcome ? withPartMoved(outcome) : outcome;
}

function threadUsage(started: number): ThreadUsage {
  // In a worker thread, heapTotal and external are this thread's own (rss is the process's).
  const { heapTotal, external } = process.memoryUsage();
  const ranMs = Math.round(performance.now() - started);
  return {
    id: threadId,
    heapMb: Math.round(heapTotal / MB),
    externalMb: Math.round(external / MB),
    imagesMb: Math.round(takeNativePeak() / MB),
    startedAt: Math.round(performance.timeOrigin + started),
    ranMs,
  };
}

async function run(input: TaskInput): Promise<TaskOutcome> {
  try {
    switch (input.kind) {
      case 'pdf-part':
        return await convertPart(input);
      case 'pdf-assemble':
        return await assemble(input);
      default:
        return await convert(input);
    }
  } catch (error) {
    return failure(error);
  }
}

async function convert(input: ConversionTaskInput): Promise<ConversionTaskSuccess | PdfPartTaskSuccess> {
  return withOcr(input.ocrPort, async (ocrEngines) => {
    const convertInput: ConvertInput = {
      // Structured cloning turns the Buffer into a plain Uint8Array; view it, don't copy.
      bytes: Buffer.from(input.bytes.buffer, input.bytes.byteOffset, input.bytes.byteLength),
      fileName: input.fileName,
      contentType: input.contentType,
      ...(input.identified ? { identified: identification(input.identified) } : {}),
      formats: input.formats,
      maxPages: input.maxPages,
      options: input.options,
      ocrParallelism: input.ocrParallelism,
      ocrEngines,
      maxImagePixels: input.maxImagePixels,
      ...(input.imageLimits ? { imageLimits: input.imageLimits } : {}),
      ...(input.keep ? { keep: input.keep } : {}),
      ...(input.progressPort ? { progress: postedProgress(input.progressPort) } : {}),
    };
    if (!input.split) return success(await convertDocument(convertInput));
    const { policy, planPort } = input.split;
    try {
      const started = await convertDocument(convertInput, { policy, onPlan: (plan) => planPort.postMessage(plan) });
      return isFirstPart(started) ? { ok: true, kind: 'pdf-part', plan: started.plan, part: packPart(started.part) } : success(started);
    } finally {
      planPort.close();
    }
  });
}

/** The main thread's identification, its reader's manifest found again by the name that crossed threads. */
function identification({ mimeType, reader: name }: TaskIdentification): NonNullable<ConvertInput['identified']> {
  if (name === undefined) return { mimeType };
  const reader = readerNamed(name);
  // Both threads run the same build, so a name the registry does not know is a bug, not a document's fault.
  if (!reader) throw new Error(`The main thread named a reader this thread does not have: "${name}"`);
  return { mimeType, reader };
}

function convertPart(input: PdfPartTaskInput): Promise<PdfPartTaskSuccess> {
  return withOcr(input.ocrPort, async (ocrEngines) => {
    const part = await convertPdfPart({
      bytes: input.bytes,
      pages: input.pages,
      options: input.options,
      ocrParallelism: input.ocrParallelism,
      ocrEngines,
      maxImagePixels: input.maxImagePixels,
      ...(input.imageLimits ? { imageLimits: input.imageLimits } : {}),
      ...(input.keep ? { keep: input.keep } : {}),
      ...(input.progressPort ? { progress: postedProgress(input.progressPort) } : {}),
    });
    return { ok: true, kind: 'pdf-part', part: packPart(part) };
  });
}

async function assemble(input: PdfAssembleTaskInput): Promise<ConversionTaskSuccess> {
  // Taken out of the task (splice), so that neither the packed parts nor their lines outlive the layout.
  const readParts = () => input.parts.splice(0).map(unpackPart);
  return success(
    await assemblePdfParts({
      plan: input.plan,
      readParts,
      formats: input.formats,
      options: input.options,
      keep: input.keep,
      imageLimits: input.imageLimits,
    }),
  );
}

/** The task's line to the process's OCR engines (ocr-broker.ts), closed when the task ends. */
async function withOcr<T>(port: MessagePort | undefined, work: (engines: RemoteOcrEngines | undefined) => Promise<T>): Promise<T> {
  const engines = port ? new RemoteOcrEngines(port) : undefined;
  try {
    return await work(engines);
  } finally {
    engines?.close();
  }
}

function success(result: ConvertResult): ConversionTaskSuccess {
  // ConvertResult leaves absent fields out (no keys holding undefined), as the job record wants.
  return { ok: true, ...result };
}

function failure(error: unknown): ConversionTaskFailure {
  if (isJobFailure(error)) return { ok: false, code: error.code, message: error.message };
  return {
    ok: false,
    code: JobErrorCode.INTERNAL_ERROR,
    message: INTERNAL_ERROR_MESSAGE,
    detail: error instanceof Error ? (error.stack ?? error.message) : String(error),
  };
}
