import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { ConvertInput } from '../convert';

/** What a conversion in a capped thread came to: its text outputs, or the failure's code. */
export interface ThreadConversion {
  outputs?: Record<string, string>;
  /** A JobFailure's code, or ERR_WORKER_OUT_OF_MEMORY when the thread hit its heap cap. */
  error?: string;
}

/** The input a thread can be given: everything but what lives in this thread (OCR engines). */
export type ThreadConvertInput = Omit<ConvertInput, 'ocrEngines'>;

/**
 * Converts in a worker thread with a capped heap, as the worker's conversion threads do
 * (resourceLimits): a conversion that needs more dies with ERR_WORKER_OUT_OF_MEMORY,
 * which the worker reports as FILE_TOO_LARGE. A parser that loops allocating then
 * fails its test within seconds instead of taking the test process's whole memory.
 */
export function convertInThread(input: ThreadConvertInput, heapMb: number): Promise<ThreadConversion> {
  const convertModule = join(__dirname, 'convert-text.ts');
  const ocrModule = join(__dirname, '../ocr/ocr-engine.ts');
  const code = `
    const { parentPort, workerData } = require('node:worker_threads');
    const { convertText } = require(${JSON.stringify(convertModule)});
    const { terminateOcr } = require(${JSON.stringify(ocrModule)});
    convertText({ ...workerData, bytes: Buffer.from(workerData.bytes) })
      .then(
        (result) => ({ outputs: result.outputs }),
        (error) => ({ error: String((error && error.code) || error) }),
      )
      .then(async (outcome) => {
        await terminateOcr();
        parentPort.postMessage(outcome);
      });`;
  return new Promise((resolve, reject) => {
    const worker = new Worker(code, {
      eval: true,
      workerData: input,
      // The thread runs the TypeScript sources as the other tests' threads do.
      execArgv: ['-r', join(__dirname, '../../../../tools/jest/typescript-hook.js')],
      resourceLimits: { maxOldGenerationSizeMb: heapMb },
    });
    worker.once('message', (result: ThreadConversion) => {
      resolve(result);
      void worker.terminate();
    });
    worker.once('error', (error: NodeJS.ErrnoException) =>
      error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? resolve({ error: error.code }) : reject(error),
    );
  });
}
