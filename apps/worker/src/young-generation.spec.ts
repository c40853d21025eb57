import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { Worker } from 'node:worker_threads';
import { ConversionPool, THREAD_YOUNG_GENERATION_MB } from './conversion/conversion-pool';
import { releaseYoungGenerationFlag } from './young-generation';

const MB = 1024 * 1024;

/** A thread that churns short-lived objects and reports how big V8 let its young generation grow. */
const CHURN = `
  const { parentPort } = require('node:worker_threads');
  const { getHeapSpaceStatistics } = require('node:v8');
  let kept = [];
  for (let i = 0; i < 2e6; i++) { kept.push({ i, s: 'x' + i }); if (kept.length > 50000) kept = []; }
  parentPort.postMessage(getHeapSpaceStatistics().find((space) => space.space_name === 'new_space').space_size);
`;

function youngGenerationOfThread(resourceLimits: { maxYoungGenerationSizeMb: number }): Promise<number> {
  const worker = new Worker(CHURN, { eval: true, resourceLimits });
  return new Promise<number>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  }).finally(() => worker.terminate());
}

describe('the worker process started with --max-semi-space-size=1', () => {
  afterEach(() => releaseYoungGenerationFlag());

  it('would force the small young generation on every thread, whatever the thread asks for', async () => {
    setFlagsFromString('--max-semi-space-size=1');
    expect(await youngGenerationOfThread({ maxYoungGenerationSizeMb: 48 })).toBeLessThanOrEqual(2 * MB);
  });

  it('lets threads started after releaseYoungGenerationFlag() take their own young generation', async () => {
    setFlagsFromString('--max-semi-space-size=1');
    releaseYoungGenerationFlag();
    expect(await youngGenerationOfThread({ maxYoungGenerationSizeMb: 48 })).toBeGreaterThan(2 * MB);
  });

  it('gives conversion threads THREAD_YOUNG_GENERATION_MB', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'docformat-young-'));
    const task = join(dir, 'limits.task.js');
    writeFileSync(task, "module.exports = () => require('node:worker_threads').resourceLimits;");
    const pool = new ConversionPool({ threads: 1, maxMemoryMb: 256, timeoutMs: 10_000, filename: task });
    try {
      const limits = await (pool as unknown as { piscina: { run(input: unknown): Promise<Record<string, number>> } }).piscina.run({});
      expect(limits).toMatchObject({ maxYoungGenerationSizeMb: THREAD_YOUNG_GENERATION_MB, maxOldGenerationSizeMb: 256 });
    } finally {
      await pool.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
