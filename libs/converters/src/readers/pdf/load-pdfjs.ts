// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- the declaration must reach every program that compiles this file (apps import the lib by path)
/// <reference path="./pdfjs-worker.d.ts" />
import { dirname, join } from 'node:path';
import { restoreNativeBuiltins } from './native-builtins';
import { OperatorListPort } from './operator-list-port';
import { dropStrayPdfjsRejections } from './stray-rejections';

export type Pdfjs = typeof import('pdfjs-dist/legacy/build/pdf.mjs', { with: { 'resolution-mode': 'import' } });
type PdfWorker = InstanceType<Pdfjs['PDFWorker']>;

type WorkerModule = typeof import('pdfjs-dist/legacy/build/pdf.worker.mjs', { with: { 'resolution-mode': 'import' } });

let loading: Promise<{ pdfjs: Pdfjs; worker: WorkerModule }> | undefined;
let sharedWorker: PdfWorker | undefined;

/**
 * Loads pdf.js on first use (it is ESM-only: a native import() in the compiled
 * CommonJS, compiled to require() by swc under Jest). Its worker module is loaded too:
 * openPdf's documents are served by it on this thread (see pdfjsWorker), and it is
 * published as `globalThis.pdfjsWorker`, which pdf.js's Node "fake worker" picks up for
 * a document opened without a worker, instead of importing the worker itself. Parsing
 * runs on the calling thread either way, so run conversions in a worker thread to keep
 * an event loop free.
 */
export async function loadPdfjs(): Promise<Pdfjs> {
  return (await loadModules()).pdfjs;
}

function loadModules(): Promise<{ pdfjs: Pdfjs; worker: WorkerModule }> {
  loading ??= (async () => {
    const worker = await import('pdfjs-dist/legacy/build/pdf.worker.mjs');
    const scope = globalThis as { pdfjsWorker?: unknown };
    scope.pdfjsWorker ??= { WorkerMessageHandler: worker.WorkerMessageHandler };
    const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
    // Both bundles carry core-js polyfills that replace fast built-ins (see native-builtins.ts).
    restoreNativeBuiltins();
    dropStrayPdfjsRejections();
    return { pdfjs, worker };
  })();
  loading.catch(() => (loading = undefined));
  return loading;
}

/**
 * The thread's one pdf.js worker, to pass as getDocument's `worker`: pdf.js's worker
 * code set up on this thread over a port that hands operator lists across without
 * cloning them (see operator-list-port.ts). Documents opened with it leave it running
 * when they are destroyed, as they leave any worker they were given.
 */
export async function pdfjsWorker(): Promise<PdfWorker> {
  const { pdfjs, worker } = await loadModules();
  if (!sharedWorker) {
    const port = new OperatorListPort();
    worker.WorkerMessageHandler.initializeFromPort(port);
    // pdf.js's declarations type `port` as always null; its code takes any object with a Worker's messaging methods.
    // Its warnings (damaged files it repairs) are not ours to print: errors only, as openPdf asks of documents.
    const options = { port, verbosity: pdfjs.VerbosityLevel.ERRORS };
    sharedWorker = new pdfjs.PDFWorker(options as unknown as ConstructorParameters<Pdfjs['PDFWorker']>[0]);
  }
  return sharedWorker;
}

/** Data files pdf.js needs for CJK encodings and the 14 standard (non-embedded) fonts. */
export function pdfjsDataPaths(): { cMapUrl: string; standardFontDataUrl: string } {
  const root = dirname(require.resolve('pdfjs-dist/package.json'));
  return { cMapUrl: join(root, 'cmaps') + '/', standardFontDataUrl: join(root, 'standard_fonts') + '/' };
}
