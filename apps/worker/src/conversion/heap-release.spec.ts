import { RUN_TYPESCRIPT } from '@docformat/testing/typescript';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { HEAP_RELEASE_MB } from './heap-release';

const MB = 1024 * 1024;

/**
 * In a fresh thread, whose heap is small, as a worker's main thread is between jobs:
 * drops 128 MB of buffers (a download's, say) and asks releaseHeap to collect.
 */
function buffersAfterRelease(): Promise<{ dropped: number; after: number }> {
  const module = join(__dirname, 'heap-release.ts');
  const code = `
    const { parentPort } = require('node:worker_threads');
    const { releaseHeap } = require(${JSON.stringify(module)});
    let garbage = Array.from({ length: 8 }, () => Buffer.alloc(16 * 1024 * 1024, 1));
    garbage = undefined;
    const dropped = process.memoryUsage().arrayBuffers;
    releaseHeap();
    // V8 frees dead buffers' memory on a background thread after the collection.
    setTimeout(() => parentPort.postMessage({ dropped, after: process.memoryUsage().arrayBuffers }), 300);`;
  return new Promise((resolve, reject) => {
    const worker = new Worker(code, { eval: true, execArgv: RUN_TYPESCRIPT });
    worker.once('message', (result: { dropped: number; after: number }) => {
      resolve(result);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}

describe('releaseHeap', () => {
  it('collects garbage buffers past HEAP_RELEASE_MB even when the heap itself is small', async () => {
    const { dropped, after } = await buffersAfterRelease();
    expect(dropped).toBeGreaterThan(HEAP_RELEASE_MB * MB);
    expect(after).toBeLessThan(16 * MB);
  }, 30_000);
});
