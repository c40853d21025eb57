import { setFlagsFromString } from 'node:v8';

/**
 * The worker is started with `node --max-semi-space-size=1` (package.json's
 * `start:worker`, which docker-compose.yml and the Kubernetes Deployment repeat): the
 * main thread only moves jobs, bytes and outputs between Redis, Postgres and its threads,
 * yet V8's default let its young generation grow to 32 MB and keep it (an idle worker
 * with 67 MB of heap, 29 MB of it live). 1 MB semi-spaces took 15-25 MB off every
 * process (apps/worker/bench/memory.ts).
 *
 * A V8 flag holds for every isolate the process creates later, and it overrides a
 * thread's own `resourceLimits`; conversion threads need a larger young generation
 * (conversion-pool.ts: PDFs ran 8-15 % slower with 1-2 MB semi-spaces), so the flag is
 * cleared once the main isolate exists and before any thread starts. Each thread then
 * gets what it is given: THREAD_YOUNG_GENERATION_MB, ENGINE_YOUNG_GENERATION_MB.
 */
export function releaseYoungGenerationFlag(): void {
  setFlagsFromString('--max-semi-space-size=0');
}
