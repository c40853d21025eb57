import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * A thread whose heap, with the buffers it holds, has grown past this after a task
 * collects its garbage before it reports: a warm thread holds ~55 MB (pdf.js loaded),
 * small conversions stay under this, and a collection then costs ~25 ms.
 */
export const HEAP_RELEASE_MB = 96;

/**
 * What must have been allocated since the last collection before another is made: a
 * heap whose live objects keep it committed past HEAP_RELEASE_MB stays there after a
 * collection, and collecting it again frees nothing. Collecting after every job made
 * the worker's main thread (36 MB live, 104 MB committed) run a full collection of
 * ~80 ms per job, which capped a two-slot worker at ~22 one-page jobs/s
 * (bench:batches); a job's few MB of garbage now wait until they add up to this, and
 * the same worker converts 60-90 a second. 32 MB let the fuzz suite's peak reach
 * 588 MB (of its 600); at 16 it was 547 (570 when collecting after every job).
 */
export const COLLECT_GROWTH_MB = 16;

const MB = 1024 * 1024;

let collect: (() => void) | undefined;
/** heapUsed + arrayBuffers right after the last collection: what was live then. */
let liveAfterCollection = 0;

/**
 * V8 grows a busy thread's heap to a few times what is live and gives nothing back until
 * it next collects, which an idle thread does not do for seconds. After a long PDF (or a
 * part of one) that garbage sat in every thread at once: the assembling thread's 200 MB
 * heap held 18 MB of live objects, and a part's thread its last part's 100-170 MB, which
 * kept a two-thread worker over 600 MB and let each pass start higher than the last. One
 * full collection at the end of such a task gives the pages back (RSS 253 → 167 MB within
 * 200 ms, measured on the assembling thread). The worker's main thread does the same
 * after each job (conversion.consumer.ts): it moves every job's bytes and outputs, and
 * over the fuzz suite its heap grew to 190-220 MB with 47 MB live, beside download
 * buffers of up to MAX_FILE_BYTES that waited for a collection as garbage.
 * ArrayBuffers count: they live outside the heap, and only a collection frees them.
 * A collection is made only once COLLECT_GROWTH_MB more is held than after the last.
 * `gc` is exposed as Jest exposes it for --logHeapUsage: the flag, then a context that
 * sees it.
 */
export function releaseHeap(): void {
  const { heapTotal, heapUsed, arrayBuffers } = process.memoryUsage();
  if (heapTotal + arrayBuffers <= HEAP_RELEASE_MB * MB) return;
  if (heapUsed + arrayBuffers - liveAfterCollection < COLLECT_GROWTH_MB * MB) return;
  if (!collect) {
    setFlagsFromString('--expose-gc');
    collect = runInNewContext('gc') as () => void;
  }
  collect();
  // Dead buffers' counts drop as the collection ends (their memory is freed after).
  const after = process.memoryUsage();
  liveAfterCollection = after.heapUsed + after.arrayBuffers;
}
