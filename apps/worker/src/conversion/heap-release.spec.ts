import { RUN_TYPESCRIPT } from '@docformat/testing/typescript';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { COLLECT_GROWTH_MB, HEAP_RELEASE_MB } from './heap-release';

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

/** In a fresh thread: 128 MB of buffers kept live, releaseHeap asked five times, and then once more after 64 MB of garbage. */
function collectionsWhileLive(): Promise<{ whileLive: number; afterGarbage: number; held: number }> {
  const module = join(__dirname, 'heap-release.ts');
  const code = `
    const { parentPort } = require('node:worker_threads');
    const { PerformanceObserver, constants } = require('node:perf_hooks');
    const { releaseHeap } = require(${JSON.stringify(module)});
    let majors = 0;
    const observer = new PerformanceObserver((list) => {
      // Only the collections gc() forces: V8's own (idle-time, allocation) ones come when the machine's load lets them.
      majors += list
        .getEntries()
        .filter((e) => e.detail.kind === constants.NODE_PERFORMANCE_GC_MAJOR && (e.detail.flags & constants.NODE_PERFORMANCE_GC_FLAGS_FORCED) !== 0).length;
    });
    observer.observe({ entryTypes: ['gc'] });
    const live = Array.from({ length: 8 }, () => Buffer.alloc(16 * 1024 * 1024, 1));
    // V8 may collect by itself as the buffers are made: count from after that.
    setTimeout(() => {
      const before = majors;
      for (let i = 0; i < 5; i++) releaseHeap();
      setTimeout(() => measureGarbage(majors - before), 100);
    }, 100);
    const measureGarbage = (whileLive) => {
      let garbage = Array.from({ length: 4 }, () => Buffer.alloc(16 * 1024 * 1024, 1));
      garbage = undefined;
      releaseHeap();
      const before = majors;
      releaseHeap();
      setTimeout(() => parentPort.postMessage({ whileLive, afterGarbage: majors - before, held: live.length }), 100);
    };`;
  return new Promise((resolve, reject) => {
    const worker = new Worker(code, { eval: true, execArgv: RUN_TYPESCRIPT });
    worker.once('message', (result: { whileLive: number; afterGarbage: number; held: number }) => {
      resolve(result);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}

describe('releaseHeap', () => {
  it('collects once for what stays live, and again only once COLLECT_GROWTH_MB of garbage has built up', async () => {
    expect(COLLECT_GROWTH_MB).toBeLessThan(64);
    expect(await collectionsWhileLive()).toEqual({ whileLive: 1, afterGarbage: 1, held: 8 });
  }, 30_000);

  it('collects garbage buffers past HEAP_RELEASE_MB even when the heap itself is small', async () => {
    const { dropped, after } = await buffersAfterRelease();
    expect(dropped).toBeGreaterThan(HEAP_RELEASE_MB * MB);
    expect(after).toBeLessThan(16 * MB);
  }, 30_000);
});
