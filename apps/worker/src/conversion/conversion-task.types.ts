import type { MessagePort } from 'node:worker_threads';
import type {
  DetectedLanguage,
  DocumentMetadata,
  FormatOptions,
  JobErrorCode,
  JobWarning,
  OcrResult,
  RenderedOutput,
} from '@docformat/contracts';
import type { ImageLimits, KeepOptions, KeptImage, RangePolicy, SplitPlan, SplitPolicy } from '@docformat/converters';

/** What clients see when something unexpected stopped their job; the log has the rest. */
export const INTERNAL_ERROR_MESSAGE = 'An internal error stopped the conversion';

/**
 * What the main thread found the document to be (identifyDocument, on fetching it), for
 * the thread to read it with: its reader goes by name, a manifest holding functions,
 * which cannot be cloned.
 */
export interface TaskIdentification {
  /** Lower case, as identified. */
  mimeType: string;
  /** The reader's name (documentReaders); absent when no reader takes the type. */
  reader?: string;
}

/** What the main thread sends a conversion thread (structured-cloned): a whole conversion. */
export interface ConversionTaskInput {
  kind?: 'convert';
  bytes: Uint8Array;
  fileName: string | null;
  /** The Content-Type header as received: a claim identification weighed; its charset decodes text. */
  contentType: string | null;
  /**
   * The document's identification, made once on the main thread from these bytes, this
   * claim and this name; the thread identifies the document itself when absent (tests,
   * benchmarks).
   */
  identified?: TaskIdentification;
  formats: string[];
  maxPages: number;
  /** The client's options (ocr, languages, pages, pageMarkers). */
  options: FormatOptions;
  /** Pages this conversion may have read by OCR at once (OCR_THREADS). */
  ocrParallelism: number;
  /** Most pixels of one image decoded or drawn (MAX_IMAGE_PIXELS); the converters' default when absent. */
  maxImagePixels?: number;
  /** What the conversion keeps of the document's pictures (IMAGE_* settings); the converters' defaults when absent. */
  imageLimits?: ImageLimits;
  /** The document tree to store with the job, and an extraction job's findings: serialized in the thread. */
  keep?: KeepOptions;
  /**
   * The conversion's line to the process's OCR engines in the main thread (ocr-broker.ts),
   * transferred with the task; without one the thread would start engines of its own.
   */
  ocrPort?: MessagePort;
  /** Where the thread reports the pages it reads (progress-port.ts), when the job shows progress. */
  progressPort?: MessagePort;
  /**
   * Lets a long PDF be split across the pool's threads (split-task-runner.ts), or into
   * page ranges across the fleet (split/): the thread announces the plan on `planPort`
   * and reads only the first part.
   */
  split?: { policy: SplitPolicy | RangePolicy; planPort: MessagePort };
}

/** A further part of a split PDF. */
export interface PdfPartTaskInput {
  kind: 'pdf-part';
  /** The document, shared by every part of the conversion (a SharedArrayBuffer). */
  bytes: Uint8Array;
  pages: number[];
  options: FormatOptions;
  ocrParallelism: number;
  maxImagePixels?: number;
  imageLimits?: ImageLimits;
  /** An extraction's parts read its pictures (ConversionOptions.readImages). */
  keep?: KeepOptions;
  ocrPort?: MessagePort;
  progressPort?: MessagePort;
}

/** The last task of a split PDF: the parts, in order → the result. */
export interface PdfAssembleTaskInput {
  kind: 'pdf-assemble';
  plan: SplitPlan;
  /** Each part as its thread packed it (part-transfer.ts). */
  parts: Uint8Array[];
  formats: string[];
  options: FormatOptions;
  imageLimits?: ImageLimits;
  keep?: KeepOptions;
}

export type TaskInput = ConversionTaskInput | PdfPartTaskInput | PdfAssembleTaskInput;

/**
 * Which thread ran a task and what it holds afterwards: the pool decides from this
 * whether to replace the thread (thread-recycling.ts).
 */
export interface ThreadUsage {
  /** worker_threads' threadId: how the pool finds the thread among piscina's. */
  id: number;
  /** The thread's V8 heap (committed) and memory outside it (Buffers, WebAssembly), in MiB. */
  heapMb: number;
  externalMb: number;
  /**
   * The most native memory the task's images held at once (canvases, decoded pixels:
   * takeNativePeak), in MiB. Skia's share of it shows in no heap or `external` figure,
   * and what such a task freed stays with the thread's allocator.
   */
  imagesMb: number;
  /** When the thread began the task (epoch ms, comparable across threads) and how long it ran: benchmarks draw the timeline of a split PDF from them. */
  startedAt: number;
  ranMs: number;
}

export interface ConversionTaskSuccess {
  ok: true;
  pages: number;
  outputs: Record<string, RenderedOutput>;
  metadata: DocumentMetadata;
  pagesConverted?: number[];
  ocr?: OcrResult;
  warnings: JobWarning[];
  /** The document's main languages, detected in the thread from its text (the converters' detect-languages.ts). */
  detectedLanguages: DetectedLanguage[];
  /** With keep.tree: the document tree as JSON. */
  tree?: string;
  /** With keep.extraction: the Extraction as JSON. */
  extraction?: string;
  /** The pictures the conversion kept, for job_images. */
  images?: KeptImage[];
  thread?: ThreadUsage;
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
  thread?: ThreadUsage;
}

export type ConversionTaskOutcome = ConversionTaskSuccess | ConversionTaskFailure;

/** A part of a split PDF read: packed in its thread and moved, not cloned (part-transfer.ts). */
export interface PdfPartTaskSuccess {
  ok: true;
  kind: 'pdf-part';
  part: Uint8Array;
  /** Set by the first task, which planned the split. */
  plan?: SplitPlan;
  thread?: ThreadUsage;
}

export type TaskSuccess = ConversionTaskSuccess | PdfPartTaskSuccess;
export type TaskOutcome = TaskSuccess | ConversionTaskFailure;

export function isPartSuccess(outcome: TaskSuccess): outcome is PdfPartTaskSuccess {
  return 'kind' in outcome && outcome.kind === 'pdf-part';
}

/** A small plain-text task: the pool's start-up self-test, and tests. */
export function plainTextTask(content: string): ConversionTaskInput {
  return {
    bytes: Buffer.from(content),
    fileName: null,
    contentType: 'text/plain; charset=utf-8',
    formats: ['text'],
    maxPages: 1,
    options: {},
    ocrParallelism: 1,
  };
}
