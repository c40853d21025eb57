import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { importCycles } from './import-cycles';

const REPO_ROOT = join(__dirname, '../../..');

describe('import cycles', () => {
  it('none among the source files of the apps and libs (type-only imports count)', () => {
    expect(importCycles(REPO_ROOT)).toEqual([]);
  });

  it('are found, type-only and through index files too', () => {
    const root = mkdtempSync(join(tmpdir(), 'cycles-'));
    const write = (path: string, text: string) => {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    };
    try {
      // The shape issue 28 found: two contracts importing each other's types.
      write('libs/contracts/src/extraction.ts', "import type { JobRecord } from './job-record';\n");
      write('libs/contracts/src/job-record.ts', "import type { Extraction } from './extraction';\n");
      write('libs/other/src/a.ts', "export * from './b';\n");
      write('libs/other/src/b/index.ts', "import { a } from '../a';\n");
      write('libs/other/src/c.ts', "import { a } from './a';\n");
      write('libs/other/src/c.spec.ts', "import { c } from './c';\n");
      expect(importCycles(root).sort()).toEqual([
        ['libs/contracts/src/extraction.ts', 'libs/contracts/src/job-record.ts'],
        ['libs/other/src/a.ts', 'libs/other/src/b/index.ts'],
      ]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
