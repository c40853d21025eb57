import { RUN_TYPESCRIPT } from '@docformat/testing/typescript';
import { ConversionPool } from './conversion-pool';
import { type ConversionTaskInput, plainTextTask } from './conversion-task.types';

const TEST_TIMEOUT_MS = 60_000;

/** Text whose claim alone (a 7z archive, by type and name) would make it unsupported. */
const claimed7z: ConversionTaskInput = { ...plainTextTask('hello'), contentType: 'application/x-7z-compressed', fileName: 'a.7z' };

describe('ConversionPool: a task carrying its identification', () => {
  let pool: ConversionPool;
  beforeAll(() => {
    pool = new ConversionPool({ threads: 1, maxMemoryMb: 256, timeoutMs: 30_000, execArgv: RUN_TYPESCRIPT, env: process.env });
  });
  afterAll(() => pool.close());

  it(
    'is read with the reader the main thread named, not identified again',
    async () => {
      await expect(pool.convert(claimed7z)).rejects.toMatchObject({ code: 'UNSUPPORTED_DOCUMENT_TYPE' });
      const result = await pool.convert({ ...claimed7z, identified: { mimeType: 'text/plain', reader: 'text' } });
      expect(result.outputs['text']?.body).toBe('hello\n');
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'without a reader fails as unsupported, naming the type it was identified as',
    async () => {
      const run = pool.convert({ ...plainTextTask('hello'), identified: { mimeType: 'application/x-7z-compressed' } });
      await expect(run).rejects.toMatchObject({ code: 'UNSUPPORTED_DOCUMENT_TYPE' });
      await expect(run).rejects.toThrow(/^Documents of type application\/x-7z-compressed are not supported/);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'naming a reader the thread does not have is an internal error, not the document’s',
    async () => {
      const run = pool.convert({ ...plainTextTask('hello'), identified: { mimeType: 'text/plain', reader: 'no-such-reader' } });
      await expect(run).rejects.toThrow(/Conversion thread failed: .*"no-such-reader"/);
      await expect(run).rejects.not.toHaveProperty('code');
    },
    TEST_TIMEOUT_MS,
  );
});
