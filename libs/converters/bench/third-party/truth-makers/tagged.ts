/**
 * Writes the truth of the tagged PDFs in `corpus/pdfua/` (the PDF Association's PDF/UA
 * Reference Suite, made to be tagged right) from their tag trees: headings, tables and
 * the reading-order text. Run again after adding a tagged PDF:
 *
 *   SWC_NODE_PROJECT=tsconfig.base.json node -r @swc-node/register libs/converters/bench/third-party/truth-makers/tagged.ts
 */
import { readdirSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { loadPdfjs } from '../../../src/readers/pdf/load-pdfjs';
import type { DocumentTruth } from '../truth';
import { markedTexts } from '../../../src/readers/pdf/tagged-headings';
import { readDeclaredTables } from '../../../src/readers/pdf/declared-tables';
import { readTagTree, type StructNode } from './tag-tree';

const ROOT = join(__dirname, '..');
const FOLDER = 'pdfua';

async function truthOf(file: string): Promise<DocumentTruth> {
  const pdfjs = await loadPdfjs();
  const bytes = new Uint8Array(readFileSync(join(ROOT, 'corpus', file)));
  // pdf.js may take over the buffer it is given: it gets a copy.
  const doc = await pdfjs.getDocument({ data: bytes.slice(), isEvalSupported: false }).promise;
  try {
    const pages = [];
    for (let number = 1; number <= doc.numPages; number++) {
      const page = await doc.getPage(number);
      const tree = (await page.getStructTree()) as StructNode | null;
      const texts = markedTexts((await page.getTextContent({ includeMarkedContent: true })).items);
      pages.push({ page: number, tree, textOf: (id: string) => (texts.get(id) ?? []).map((run) => run.text).join(' ') });
    }
    const { headings, tables, text } = readTagTree(pages, await readDeclaredTables(bytes));
    const info = (await doc.getMetadata()).info as { Producer?: string; Creator?: string };
    return {
      file,
      origin: 'pdf-ua-reference-suite-1.1',
      licence: 'PDF Association, PDF/UA Reference Suite terms (free to use and redistribute)',
      genre: genreOf(file),
      producer: info.Producer || info.Creator || undefined,
      truthFrom: 'tags',
      tables,
      tablesComplete: true,
      headings,
      text,
    };
  } finally {
    await doc.destroy();
  }
}

/** The suite names each document's kind in its file name. */
function genreOf(file: string): string {
  const kind = /_([A-Za-z]+)(?:-[a-z]+)?\.pdf$/.exec(file)?.[1] ?? 'document';
  return kind.replace(/([a-z])([A-Z])/g, '$1-$2').toLowerCase();
}

async function main(): Promise<void> {
  const files = readdirSync(join(ROOT, 'corpus', FOLDER)).filter((name) => name.endsWith('.pdf'));
  mkdirSync(join(ROOT, 'truth', FOLDER), { recursive: true });
  for (const name of files) {
    const file = `${FOLDER}/${name}`;
    const truth = await truthOf(file);
    writeFileSync(join(ROOT, 'truth', `${file}.json`), JSON.stringify(truth, null, 2) + '\n');
    process.stdout.write(`${file}: ${truth.headings?.length} headings, ${truth.tables?.length} tables, ${truth.text?.length} characters\n`);
  }
}

void main();
