import type Tesseract from 'tesseract.js';
import { LANGUAGE_MODEL, OSD_DATA, OSD_MODEL } from './languages';
import { localWorkerScript } from './local-worker-script';
import { tessdataDir } from './tessdata-dir';

export type TesseractWorker = Tesseract.Worker;

/** Tesseract's own chatter ("Too few characters", "Invalid resolution") goes nowhere, not to the job log. */
const QUIET = '/dev/null';

/**
 * Page-level parameters, chosen by measurement (word F1 on the fixtures, see ocr-engine.ts):
 * automatic page segmentation (3) keeps columns apart for the layout analysis at the
 * same speed as single-column mode (4); Sauvola thresholding (2) is what makes an
 * unevenly lit phone photo readable at all (F1 0.53 with the default Otsu, 1.00).
 */
const TEXT_PARAMETERS = { tessedit_pageseg_mode: '3', thresholding_method: '2', debug_file: QUIET } as const;

interface Pool {
  idle: TesseractWorker[];
  all: Set<TesseractWorker>;
  start: () => Promise<TesseractWorker>;
}

/**
 * An engine left idle this long is ended. Starting one costs ~0.25 s; keeping one costs
 * 80-155 MB of resident memory (measured: the first text engine of a thread +154 MB,
 * the next +82 MB, the orientation engine +156 MB), which a worker that converts
 * mostly born-digital documents should not carry between the odd scans.
 */
export const OCR_IDLE_MS = 15_000;
let idleMs = OCR_IDLE_MS;
const idleTimers = new WeakMap<TesseractWorker, NodeJS.Timeout>();

/**
 * Workers per language set (and one kind for orientation detection), created on first
 * use and reused while busy: a batch of scans pays the start once. A pool grows when
 * more pages run at once than it has idle workers, and shrinks by OCR_IDLE_MS.
 */
const pools = new Map<string, Pool>();

function pool(key: string, start: () => Promise<TesseractWorker>): Pool {
  let found = pools.get(key);
  if (!found) pools.set(key, (found = { idle: [], all: new Set(), start }));
  return found;
}

export function textPool(languages: readonly string[]): Pool {
  const codes = languages.join('+');
  return pool(`text:${codes}`, async () => {
    const worker = await startWorker(codes, 1 /* OEM.LSTM_ONLY */, { langPath: tessdataDir(languages, LANGUAGE_MODEL) });
    await worker.setParameters(TEXT_PARAMETERS as unknown as Partial<Tesseract.WorkerParams>);
    return worker;
  });
}

export function osdPool(): Pool {
  return pool('osd', async () => {
    // DetectOS is a legacy-engine feature: legacy core, legacy data (`4.0.0`).
    const worker = await startWorker(OSD_DATA, 0 /* OEM.TESSERACT_ONLY */, {
      langPath: tessdataDir([OSD_DATA], OSD_MODEL),
      legacyCore: true,
      legacyLang: true,
    });
    await worker.setParameters({ thresholding_method: '2', debug_file: QUIET } as Partial<Tesseract.WorkerParams>);
    return worker;
  });
}

/** Runs `task` on an idle worker of the pool (starting one if none is idle). */
export async function withWorker<T>(from: Pool, task: (worker: TesseractWorker) => Promise<T>): Promise<T> {
  const worker = from.idle.pop() ?? (await from.start());
  clearTimeout(idleTimers.get(worker));
  from.all.add(worker);
  threadOf(worker)?.ref();
  let healthy = true;
  try {
    return await task(worker);
  } catch (error) {
    healthy = false; // a failed job may leave the wasm heap in any state: do not reuse
    throw error;
  } finally {
    if (healthy) {
      // An idle worker must not keep the process alive (scripts, tests, shutdown).
      threadOf(worker)?.unref();
      from.idle.push(worker);
      idleTimers.set(worker, retireWhenIdle(from, worker));
    } else {
      from.all.delete(worker);
      void worker.terminate();
    }
  }
}

/** How long idle engines are kept (tests shorten it). */
export function setOcrIdleTimeout(ms: number): void {
  idleMs = ms;
}

/** Ends the worker if nobody takes it from the idle list within OCR_IDLE_MS. */
function retireWhenIdle(from: Pool, worker: TesseractWorker): NodeJS.Timeout {
  const timer = setTimeout(() => {
    const index = from.idle.indexOf(worker);
    if (index < 0) return;
    from.idle.splice(index, 1);
    from.all.delete(worker);
    void worker.terminate();
  }, idleMs);
  timer.unref();
  return timer;
}

/** Stops every worker of every pool (tests, shutdown); later calls start new ones. */
export async function terminateWorkers(): Promise<void> {
  const all = [...pools.values()].flatMap((entry) => [...entry.all, ...entry.idle]);
  pools.clear();
  await Promise.all([...new Set(all)].map((worker) => worker.terminate()));
}

/** Number of live workers per pool key: lets tests check reuse. */
export function workerCounts(): Record<string, number> {
  return Object.fromEntries([...pools].map(([key, entry]) => [key, new Set([...entry.all, ...entry.idle]).size]));
}

function threadOf(worker: TesseractWorker): { ref(): void; unref(): void } | undefined {
  return (worker as unknown as { worker?: { ref(): void; unref(): void } }).worker ?? undefined;
}

/**
 * createWorker with the options that keep everything local: data from `langPath`
 * (a folder, never a URL), no cache written, and the guarded worker script. tesseract.js
 * never settles createWorker when loading the data fails (it only reports to
 * `errorHandler`), so that is turned into a rejection here.
 */
function startWorker(langs: string, oem: number, options: Partial<Tesseract.WorkerOptions>): Promise<TesseractWorker> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded lazily, see reader.ts
  const tesseract = require('tesseract.js') as typeof import('tesseract.js');
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
        resolve(worker);
      }, errorHandler);
  });
}
