import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { type Layers, importCycles, layerViolations } from './import-cycles';

const REPO_ROOT = join(__dirname, '../../..');

/** Files written under a throwaway folder, which `check` gets and which is removed after. */
function inTree<T>(files: Record<string, string>, check: (root: string) => T): T {
  const root = mkdtempSync(join(tmpdir(), 'imports-'));
  try {
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    }
    return check(root);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

/**
 * The converters' folders, lowest first: the document tree; the languages of its text
 * (which OCR's `languages: ["auto"]` asks too); the layout of positioned
 * text, whatever read it; OCR, which gives positioned text; the pictures a document
 * keeps (images/); the readers, over the reader
 * contract and the helpers they share, under the registry that lists them; the output
 * formats, likewise; and what plans a conversion in parts, runs one, runs its further parts, and the package's entry points.
 */
const CONVERTER_LAYERS: Layers = [
  ['document/', 'converter-version.ts'],
  ['language/'],
  ['layout/'],
  ['ocr/'],
  ['images/'],
  ['conversion-options.ts'],
  ['readers/reader.ts', 'readers/decode-text.ts', 'readers/parse-json.ts', 'readers/unread-types.ts', 'readers/blocks/', 'readers/office/'],
  ['readers/*/'],
  ['readers/registry.ts', 'readers/identify-document.ts', 'readers/read-context.ts'],
  [
    'formats/output-format.ts',
    'formats/page-groups.ts',
    'formats/escape-html.ts',
    'formats/inline-html.ts',
    'formats/spanned-table-html.ts',
  ],
  ['formats/*/'],
  ['formats/registry.ts'],
  ['extraction/', 'stored/', 'result-summary.ts', 'pages/'],
  ['split/'],
  ['convert.ts'],
  ['pdf-parts.ts'],
  ['index.ts', 'names.ts', 'render.ts', 'page-images.ts'],
  ['testing/'],
];

describe('import cycles', () => {
  it('none among the source files of the apps and libs (type-only imports count)', () => {
    expect(importCycles(REPO_ROOT)).toEqual([]);
  });

  it('are found, type-only and through index files too', () => {
    const files = {
      // The shape issue 28 found: two contracts importing each other's types.
      'libs/contracts/src/extraction.ts': "import type { JobRecord } from './job-record';\n",
      'libs/contracts/src/job-record.ts': "import type { Extraction } from './extraction';\n",
      'libs/other/src/a.ts': "export * from './b';\n",
      'libs/other/src/b/index.ts': "import { a } from '../a';\n",
      'libs/other/src/c.ts': "import { a } from './a';\n",
      'libs/other/src/c.spec.ts': "import { c } from './c';\n",
    };
    expect(inTree(files, (root) => importCycles(root).sort())).toEqual([
      ['libs/contracts/src/extraction.ts', 'libs/contracts/src/job-record.ts'],
      ['libs/other/src/a.ts', 'libs/other/src/b/index.ts'],
    ]);
  });
});

describe('import layers', () => {
  it('no import between the folders of the converters runs up a layer, nor do folders of one layer import one another', () => {
    expect(layerViolations(join(REPO_ROOT, 'libs/converters/src'), CONVERTER_LAYERS)).toEqual([]);
  });

  it('finds imports up a layer, places of one layer importing one another, and files in no layer', () => {
    const files = {
      'low/a.ts': "import { b } from '../high/b';\n",
      'high/b.ts': "import { a } from '../low/a';\n",
      'readers/one/one.ts': "import { two } from '../two/two';\n",
      'readers/two/two.ts': "import type { One } from '../one/one';\n",
      'readers/two/more.ts': "import { two } from './two';\n",
      'readers/registry.ts': "import { one } from './one/one';\n",
      'readers/reader.ts': "import { registry } from './registry';\n",
      'stray.ts': "import { a } from './low/a';\n",
      'low/a.spec.ts': "import { registry } from '../readers/registry';\n",
    };
    const layers: Layers = [['low/'], ['readers/reader.ts'], ['readers/*/'], ['readers/registry.ts', 'high/']];
    expect(inTree(files, (root) => layerViolations(root, layers))).toEqual([
      'low/a.ts imports high/b.ts, a layer above it (high/ over low/)',
      'readers/one/, readers/two/ import one another',
      'readers/reader.ts imports readers/registry.ts, a layer above it (readers/registry.ts over readers/reader.ts)',
      'stray.ts is in no layer',
    ]);
  });
});
