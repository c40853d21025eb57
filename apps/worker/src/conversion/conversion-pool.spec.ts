import { ConversionPool, defaultTaskFilename } from './conversion-pool';

describe('defaultTaskFilename', () => {
  it('points at conversion.task beside the pool, with the running file’s extension', () => {
    // Under Jest the sources run as .ts; the built app resolves conversion.task.js.
    expect(defaultTaskFilename()).toBe(`${__dirname}/conversion.task.ts`);
  });
});

describe('ConversionPool.selfTest', () => {
  it('fails with the reason when the thread entry cannot be loaded', async () => {
    const pool = new ConversionPool({
      threads: 1,
      maxMemoryMb: 128,
      timeoutMs: 5000,
      filename: `${__dirname}/no-such-task.js`,
    });
    try {
      await expect(pool.selfTest(10_000)).rejects.toThrow(/Conversion threads could not start .*no-such-task\.js/);
    } finally {
      await pool.close();
    }
  });
});
