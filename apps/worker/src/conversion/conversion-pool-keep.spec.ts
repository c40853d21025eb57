import { ConversionPool } from './conversion-pool';
import { hundredPagesTask } from '../../test/support/fixtures';
import { RUN_TYPESCRIPT } from '@docformat/testing/typescript';

const TEST_TIMEOUT_MS = 120_000;

const task = hundredPagesTask({ formats: [], keep: { tree: true, extraction: true } });

const pool = (pdfSplit: false | { minPartPages: number; maxPartPages: number }) =>
  new ConversionPool({ threads: 2, maxMemoryMb: 512, timeoutMs: 60_000, execArgv: RUN_TYPESCRIPT, env: process.env, pdfSplit });

describe('a conversion that keeps its document', () => {
  it(
    'gives the same tree and findings from a PDF split across threads as from one thread, and renders no format',
    async () => {
      const [whole, split] = [pool(false), pool({ minPartPages: 16, maxPartPages: 32 })];
      try {
        const [one, parts] = await Promise.all([whole.convert(task), split.convert(task)]);
        expect(one.outputs).toEqual({});
        expect(one.tree?.length).toBeGreaterThan(100_000);
        expect(parts.tree).toBe(one.tree);
        expect(parts.extraction).toBe(one.extraction);
        const extraction = JSON.parse(one.extraction ?? '{}');
        expect(extraction.tables.length).toBeGreaterThan(60);
        expect(extraction.links.length).toBeGreaterThan(60);
      } finally {
        await Promise.all([whole.close(), split.close()]);
      }
    },
    TEST_TIMEOUT_MS,
  );
});
