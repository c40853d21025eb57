import { join } from 'node:path';
import { Worker } from 'node:worker_threads';

/** A conversion thread's heap, as the worker sets it up (resourceLimits), but smaller than production's. */
const HEAP_MB = 300;
const ROWS = 100_000;

interface ThreadResult {
  markdown?: string;
  text?: string;
  error?: string;
}

/**
 * Converts in a worker thread with a capped heap, as the worker's conversion threads
 * do: a conversion that needs more dies with ERR_WORKER_OUT_OF_MEMORY, which the
 * worker reports as FILE_TOO_LARGE ("needs more than … MiB of memory").
 */
function convertInThread(csv: string): Promise<ThreadResult> {
  const convertModule = join(__dirname, '../../testing/convert-text.ts');
  const code = `
    const { parentPort, workerData } = require('node:worker_threads');
    const { convertText } = require(${JSON.stringify(convertModule)});
    convertText({ bytes: Buffer.from(workerData), contentType: 'text/csv', formats: ['markdown', 'text'], maxPages: 1 }).then(
      (result) => parentPort.postMessage(result.outputs),
      (error) => parentPort.postMessage({ error: String(error && error.code || error) }),
    );`;
  return new Promise((resolve, reject) => {
    const worker = new Worker(code, {
      eval: true,
      workerData: csv,
      // The thread runs the TypeScript sources as the other tests' threads do.
      execArgv: ['-r', join(__dirname, '../../../../../tools/jest/typescript-hook.js')],
      resourceLimits: { maxOldGenerationSizeMb: HEAP_MB },
    });
    worker.once('message', (result: ThreadResult) => {
      resolve(result);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}

describe('CSV reader: a big table', () => {
  it(`converts ${ROWS.toLocaleString('en-US')} rows × 10 columns in a thread with a ${HEAP_MB} MB heap`, async () => {
    const lines = ['id,name,amount,date,flag,note,a,b,c,d'];
    for (let r = 1; r < ROWS; r++)
      lines.push(
        `${r},Customer ${r % 977},${(r / 100).toFixed(2)},2024-01-${String((r % 28) + 1).padStart(2, '0')},${r % 2 ? 'yes' : 'no'},${r % 97 ? 'ok' : '"a | b"'},x,y,z,w`,
      );
    const result = await convertInThread(lines.join('\n'));
    expect(result.error).toBeUndefined();
    const markdown = result.markdown?.split('\n') ?? [];
    expect(markdown).toHaveLength(ROWS + 2);
    expect(markdown.slice(0, 3)).toEqual([
      '| id | name | amount | date | flag | note | a | b | c | d |',
      '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
      '| 1 | Customer 1 | 0.01 | 2024-01-02 | yes | ok | x | y | z | w |',
    ]);
    expect(markdown).toContain('| 97 | Customer 97 | 0.97 | 2024-01-14 | yes | a \\| b | x | y | z | w |');
    expect(result.text?.split('\n')).toHaveLength(ROWS + 1);
  }, 120_000);
});
