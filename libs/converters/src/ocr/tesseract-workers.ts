import type Tesseract from 'tesseract.js';
import { LANGUAGE_MODEL, OSD_DATA, OSD_MODEL } from './languages';
import { localWorkerScript } from './local-worker-script';
import { tessdataDir } from './tessdata-dir';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { EnginePool } from './engine-pool';

export type TesseractWorker = Tesseract.Worker;

const MB = 1024 * 1024;

/** Tesseract's own chatter ("Too few characters", "Invalid resolution") goes nowhere, not to the job log. */
const QUIET = '/dev/null';

/**
 * Page-level parameters, chosen by measurement (word F1 on the fixtures, see ocr-engine.ts):
 * automatic page segmentation (3) keeps columns apart for the layout analysis at the
 * same speed as single-column mode (4); Sauvola thresholding (2) is what makes an
 * unevenly lit phone photo readable at all (F1 0.53 with the default Otsu, 1.00).
 */
const TEXT_PARAMETERS = { tessedit_pageseg_mode: '3', thresholding_method: '2', debug_file: QUIET } as const;

/**
 * An engine left idle this long is ended. Starting one costs ~0.25 s; keeping one costs
 * 80-155 MB of resident memory (measured: the first text engine +154 MB, the next
 * +82 MB, the orientation engine +156 MB), which a worker that converts mostly
 * born-digital documents should not carry between the odd scans.
 */
export const OCR_IDLE_MS = 15_000;
/**
 * Pages an engine reads before it is replaced: its WebAssembly heap keeps the size of
 * the largest page it has seen (RSS rose 168 → 189 MB over three pages of one engine).
 * A restart costs ~0.25 s, under 0.2 % of 50 pages' reading time.
 */
export const OCR_ENGINE_MAX_USES = 50;
/**
 * What one more engine may add to a process's resident memory, for budgeting: what it
 * grows to after a dense page (measured up to 155 MB), not what it takes at start
 * (70-100 MB), plus the page images of the conversion that keeps it busy (a scan
 * decoded by pdf.js, the page drawn for OCR, its JPEG: 40-80 MB more in that thread).
 * Budgeting the start let two engines grow past WORKER_MAX_RSS_MB together; budgeting
 * the engine alone let two scanned PDFs take the worker to 425-440 MB with
 * WORKER_MAX_RSS_MB=400 (apps/worker/bench/memory.ts).
 */
export const OCR_ENGINE_MB = 240;

/**
 * An engine whose WebAssembly memory has grown past this is ended after its call. A
 * started text engine holds 40 MB of it, the orientation engine 63 MB; a dense page at
 * 300 dpi takes one to ~130 MB, and an image at MAX_IMAGE_PIXELS (40 million) to 145-180
 * MB even blank (measured with getHeapStatistics' external_memory, which counts it). The
 * memory never shrinks, so an engine that read one huge image held it for up to 50
 * more pages or 15 s idle, beside the page images of the next conversions.
 */
export const ENGINE_KEEP_MB = 160;

/**
 * The process's engines. By default as many as there are cores (more add no speed);
 * the worker sets OCR_THREADS. Engines are shared by every conversion in the process.
 */
const engines = new EnginePool<TesseractWorker>({
  maxEngines: availableParallelism(),
  idleMs: OCR_IDLE_MS,
  maxUses: OCR_ENGINE_MAX_USES,
  // An idle engine must not keep the process alive (scripts, tests, shutdown).
  onBusy: (worker, busy) => (busy ? engineThread(worker as TesseractWorker)?.ref() : engineThread(worker as TesseractWorker)?.unref()),
  overgrown: async (worker) => (await engineMemory(worker as TesseractWorker)) > ENGINE_KEEP_MB * MB,
});

/** The engine's memory outside its thread's V8 heap: its WebAssembly memory, in bytes (0 when it has no thread). */
export async function engineMemory(worker: TesseractWorker): Promise<number> {
  const thread = engineThread(worker);
  return thread ? (await thread.getHeapStatistics()).external_memory : 0;
}

export function enginePool(): EnginePool<TesseractWorker> {
  return engines;
}

/**
 * How many engines the process may run at once (OCR_THREADS), and whether it has the
 * memory for one more beyond the first (the worker asks its WORKER_MAX_RSS_MB).
 */
export function configureOcrEngines(limits: { maxEngines: number; roomForAnother?: () => boolean }): void {
  engines.configure({ maxEngines: Math.max(1, Math.floor(limits.maxEngines)), roomForAnother: limits.roomForAnother });
}

/** The kind of engine that reads text in `languages`. */
export function textEngineKind(languages: readonly string[]): string {
  return `text:${languages.join('+')}`;
}

export function startTextEngine(languages: readonly string[]): () => Promise<TesseractWorker> {
  const codes = languages.join('+');
  return async () => {
    const worker = await startWorker(codes, 1 /* OEM.LSTM_ONLY */, { langPath: tessdataDir(languages, LANGUAGE_MODEL) });
    await worker.setParameters(TEXT_PARAMETERS as unknown as Partial<Tesseract.WorkerParams>);
    return worker;
  };
}

export const OSD_ENGINE_KIND = 'osd';

export async function startOsdEngine(): Promise<TesseractWorker> {
  // DetectOS is a legacy-engine feature: legacy core, legacy data (`4.0.0`).
  const worker = await startWorker(OSD_DATA, 0 /* OEM.TESSERACT_ONLY */, {
    langPath: tessdataDir([OSD_DATA], OSD_MODEL),
    legacyCore: true,
    legacyLang: true,
  });
  await worker.setParameters({ thresholding_method: '2', debug_file: QUIET } as Partial<Tesseract.WorkerParams>);
  return worker;
}

/** How long idle engines are kept (tests shorten it). */
export function setOcrIdleTimeout(ms: number): void {
  engines.configure({ idleMs: ms });
}

/** Stops every engine (tests, shutdown); later calls start new ones. */
export function terminateWorkers(): Promise<void> {
  return engines.terminateAll();
}

/** Number of live engines per kind (`text:eng`, `osd`): lets tests check reuse. */
export function workerCounts(): Record<string, number> {
  return engines.counts();
}

/** The Node thread an engine runs in: tesseract.js keeps it on the worker object it returns, undocumented. */
export function engineThread(worker: TesseractWorker): Worker | undefined {
  return (worker as unknown as { worker?: Worker }).worker ?? undefined;
}

/**
 * tesseract.js's terminate asks the engine's thread to stop and resolves at once; this
 * one resolves when the thread has exited, i.e. when its WebAssembly heap is freed, so
 * that the pool starts the engine that replaces it only then (engine-pool.ts).
 */
function endedOnExit(worker: TesseractWorker): TesseractWorker {
  const thread = engineThread(worker);
  if (!thread) return worker;
  const exited = new Promise<void>((resolve) => thread.once('exit', () => resolve()));
  const terminate = worker.terminate.bind(worker);
  worker.terminate = async (jobId?: string) => {
    const result = await terminate(jobId);
    await exited;
    return result;
  };
  return worker;
}

/**
 * createWorker with the options that keep everything local: data from `langPath`
 * (a folder, never a URL), no cache written, and the guarded worker script. tesseract.js
 * never settles createWorker when loading the data fails (it only reports to
 * `errorHandler`), so that is turned into a rejection here.
 */
function startWorker(langs: string, oem: number, options: Partial<Tesseract.WorkerOptions>): Promise<TesseractWorker> {
  const tesseract = loadTesseract();
  return new Promise((resolve, reject) => {
    let started = false;
    const errorHandler = (error: unknown) => {
      if (!started) reject(new Error(`The OCR engine could not start: ${String(error)}`));
    };
    tesseract
      .createWorker(langs, oem, {
        ...options,
        workerPath: localWorkerScript() as unknown as string,
        cacheMethod: 'none',
        gzip: true,
        errorHandler,
      })
      .then((worker) => {
        started = true;
        resolve(endedOnExit(worker));
      }, errorHandler);
  });
}

/**
 * Young generation of an engine's thread (V8's `maxYoungGenerationSizeMb`, three
 * semi-spaces): 3 MB, where V8's default lets a busy thread keep up to 48 MB. An engine's
 * JavaScript is glue (its memory and its work are in the WebAssembly heap) but it parses
 * each page's result, a JSON tree of every word and symbol, and V8 grows the young
 * generation for it and keeps it. Measured together with the other threads' limits, not
 * alone: over 300 mixed jobs with WORKER_MAX_RSS_MB=400, the worker peaked at 422-497 MB
 * with conversion threads at 6-12 MB and engines at V8's default, and at 390-396 MB with
 * every thread, engines included, at 3 MB (apps/worker/bench/memory.ts).
 */
export const ENGINE_YOUNG_GENERATION_MB = 3;

let tesseractModule: typeof import('tesseract.js') | undefined;

/**
 * tesseract.js, whose engine threads start with ENGINE_YOUNG_GENERATION_MB. Its
 * createWorker takes no thread options: it starts each engine with
 * `spawnWorker({ workerPath })` from its Node adapter (`src/worker/node`), which
 * createWorker reads when it is first loaded; so that one function is replaced before.
 * ocr-engine.spec.ts checks that engines really start with the limit.
 */
function loadTesseract(): typeof import('tesseract.js') {
  if (tesseractModule) return tesseractModule;
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first OCR only: the worker's main thread imports this lib
  const adapter = require('tesseract.js/src/worker/node/index.js') as { spawnWorker: (options: { workerPath: string | URL }) => Worker };
  adapter.spawnWorker = ({ workerPath }) =>
    new Worker(workerPath, { resourceLimits: { maxYoungGenerationSizeMb: ENGINE_YOUNG_GENERATION_MB } });
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- see above
  tesseractModule = require('tesseract.js') as typeof import('tesseract.js');
  return tesseractModule;
}
