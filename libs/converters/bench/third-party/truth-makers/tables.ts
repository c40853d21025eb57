/**
 * Writes the truth of the table suites of tabula-java, camelot and pdfplumber: their
 * tests' expected cells, mapped to PDF, page and method in `table-sources/` (each entry
 * cites the test that states it). Copies each PDF and each project's LICENSE into
 * `corpus/<project>/`, writes `truth/<project>/<file>.pdf.json`, and rewrites the table
 * suites' block of `corpus/SOURCES.md`. Run from the third-party folder:
 *
 *   node -r ../../../../tools/jest/typescript-hook.js truth-makers/tables.ts [shared-corpus-dir]
 *
 * The shared corpus defaults to /work/shared/corpus/tables (its README says where each
 * file comes from).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadPdfjs } from '../../../src/readers/pdf/load-pdfjs';
import type { DocumentTruth, TruthCell, TruthTable } from '../truth';
import { readPythonTables, type Rows } from './python-literals';
import { plainRows, truthTable } from './table-cells';
import { CAMELOT, CAMELOT_NOT_USED } from './table-sources/camelot';
import { PDFPLUMBER, PDFPLUMBER_NOT_USED } from './table-sources/pdfplumber';
import { TABULA, TABULA_NOT_USED } from './table-sources/tabula';
import type { DocumentSource, Expectation, Project } from './table-sources/types';
import { parseCsv, parseTabulaJson, tabulaJsonRows } from './tabula-formats';
import { readDeclaredTables } from '../../../src/readers/pdf/declared-tables';
import { readTagTree, type StructNode } from './tag-tree';

const ROOT = join(__dirname, '..');
const SHARED = process.argv[2] ?? '/work/shared/corpus/tables';
const SOURCES = [...TABULA, ...CAMELOT, ...PDFPLUMBER];

const PROJECTS: Record<Project, { origin: string; repository: string; licence: string; notUsed: Record<string, string> }> = {
  tabula: { origin: 'tabula-java', repository: 'tabulapdf/tabula-java', licence: 'MIT', notUsed: TABULA_NOT_USED },
  camelot: { origin: 'camelot', repository: 'camelot-dev/camelot', licence: 'MIT', notUsed: CAMELOT_NOT_USED },
  pdfplumber: { origin: 'pdfplumber', repository: 'jsvine/pdfplumber', licence: 'MIT', notUsed: PDFPLUMBER_NOT_USED },
};

let camelotTables: Map<string, Rows> | undefined;

function rawRows(project: Project, expect: Expectation): TruthCell[][] {
  switch (expect.from) {
    case 'camelot': {
      camelotTables ??= readPythonTables(readFileSync(join(SHARED, 'camelot', 'expected-data.py'), 'utf8'));
      const rows = camelotTables.get(expect.name);
      if (!rows) throw new Error(`expected-data.py binds no ${expect.name}`);
      return plainRows(rows);
    }
    case 'tabula-csv': {
      const rows = parseCsv(readFileSync(join(SHARED, project, 'csv', expect.file), 'utf8'));
      return plainRows(expect.rows ? rows.slice(...expect.rows) : rows);
    }
    case 'tabula-json': {
      const table = parseTabulaJson(readFileSync(join(SHARED, project, 'json', expect.file), 'utf8'))[expect.index];
      if (!table) throw new Error(`${expect.file} has no table ${expect.index}`);
      return tabulaJsonRows(table);
    }
    case 'test':
      return plainRows(expect.rows);
    case 'shape':
      return [];
  }
}

/** pdfinfo's Producer, else its Creator: what made the file, when the file says. */
function producerOf(path: string): string | undefined {
  const info = execFileSync('pdfinfo', [path], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  const field = (name: string) => new RegExp(`^${name}:\\s*(.+)$`, 'm').exec(info)?.[1].trim();
  return field('Producer') || field('Creator') || undefined;
}

/** The text of each marked-content id on a page, for the tag tree's content references. */
function markedTexts(items: readonly unknown[]): Map<string, string> {
  const texts = new Map<string, string>();
  const open: (string | null)[] = [];
  for (const item of items as { type?: string; id?: string; str?: string; hasEOL?: boolean }[]) {
    if (item.type === 'beginMarkedContentProps' || item.type === 'beginMarkedContent') {
      open.push(item.id ?? null);
      if (item.id && !texts.has(item.id)) texts.set(item.id, '');
    } else if (item.type === 'endMarkedContent') {
      open.pop();
    } else if (typeof item.str === 'string') {
      const id = [...open].reverse().find((entry) => entry !== null);
      if (id) texts.set(id, texts.get(id) + item.str + (item.hasEOL ? ' ' : ''));
    }
  }
  return texts;
}

/** Tables, headings and text from the tag tree the pdfplumber test asserts. */
async function fromTags(path: string, pages: number[]): Promise<Pick<DocumentTruth, 'tables' | 'headings' | 'text'>> {
  const pdfjs = await loadPdfjs();
  // Errors only: the fonts' own warnings say nothing about the tag tree.
  const bytes = new Uint8Array(readFileSync(path));
  const doc = await pdfjs.getDocument({
    data: bytes.slice(),
    isEvalSupported: false,
    verbosity: pdfjs.VerbosityLevel.ERRORS,
  }).promise;
  try {
    const trees = [];
    for (const number of pages) {
      const page = await doc.getPage(number);
      const texts = markedTexts((await page.getTextContent({ includeMarkedContent: true })).items);
      trees.push({ page: number, tree: (await page.getStructTree()) as StructNode | null, textOf: (id: string) => texts.get(id) ?? '' });
    }
    return readTagTree(trees, await readDeclaredTables(bytes));
  } finally {
    await doc.destroy();
  }
}

async function truthOf(source: DocumentSource, pdf: string): Promise<DocumentTruth> {
  const project = PROJECTS[source.project];
  const tagged = source.tables === 'tags' ? await fromTags(pdf, source.pages) : undefined;
  const tables: TruthTable[] =
    source.tables === 'tags'
      ? (tagged?.tables ?? []).map((table) => ({
          ...table,
          note: `From the tag tree, which ${source.test} asserts; cell text from the tagged content.`,
        }))
      : source.tables.map((table) => truthTable(table, rawRows(source.project, table.expect)));
  const truth: DocumentTruth = {
    file: `${source.project}/${source.file}`,
    origin: project.origin,
    licence: project.licence,
    genre: source.genre,
    producer: producerOf(pdf),
    // The pdfplumber structure tests assert a tag tree: a reader using tags sees the same, so report it with the tagged documents.
    truthFrom: tagged ? 'tags' : 'tests',
    pages: source.pages,
    tables,
    tablesComplete: source.tablesComplete,
  };
  if (tagged?.headings?.length) truth.headings = tagged.headings;
  if (tagged?.text) truth.text = tagged.text;
  return truth;
}

const SOURCES_BEGIN = '<!-- table suites: begin (written by truth-makers/tables.ts) -->';
const SOURCES_END = '<!-- table suites: end -->';

function sourcesSection(): string {
  const lines = [
    SOURCES_BEGIN,
    '',
    "The table suites of tabula-java, camelot and pdfplumber: a PDF's truth is the cells its project's tests expect (`truthFrom: tests`; " +
      "pdfplumber's two structure-tree files: `tags`). A table marked `partial` gives only the rows or the size a test checks. " +
      'Written by `truth-makers/tables.ts` from the shared copy of the suites; edit the entries there, not this block.',
  ];
  for (const project of ['tabula', 'camelot', 'pdfplumber'] as const) {
    const { origin, repository, licence, notUsed } = PROJECTS[project];
    lines.push(
      '',
      `## ${origin} (\`${project}/\`)`,
      '',
      `From github.com/${repository}, ${licence} (\`${project}/LICENSE\`). Truth: the cells its tests expect (truth-makers/table-sources/${project}.ts says which test, page, area and method).`,
      '',
      '| PDF | project | upstream path | licence | truth from |',
      '|---|---|---|---|---|',
    );
    for (const source of SOURCES.filter((entry) => entry.project === project)) {
      lines.push(`| \`${project}/${source.file}\` | ${origin} | \`${source.upstream}\` | ${licence} | ${source.test} |`);
    }
    lines.push('', 'Not used:', '');
    for (const [files, why] of Object.entries(notUsed)) lines.push(`- ${files}: ${why}.`);
  }
  lines.push('', SOURCES_END);
  return lines.join('\n');
}

/** Replaces this script's block of SOURCES.md, keeping what other makers wrote around it. */
function writeSources(): void {
  const path = join(ROOT, 'corpus', 'SOURCES.md');
  const current = existsSync(path) ? readFileSync(path, 'utf8') : '# Sources of the third-party corpus\n';
  const begin = current.indexOf(SOURCES_BEGIN);
  const end = current.indexOf(SOURCES_END);
  const next =
    begin >= 0 && end > begin
      ? current.slice(0, begin) + sourcesSection() + current.slice(end + SOURCES_END.length)
      : `${current.trimEnd()}\n\n${sourcesSection()}\n`;
  writeFileSync(path, next);
}

async function main(): Promise<void> {
  const seen = new Set<string>();
  let bytes = 0;
  for (const project of Object.keys(PROJECTS) as Project[]) {
    mkdirSync(join(ROOT, 'corpus', project), { recursive: true });
    mkdirSync(join(ROOT, 'truth', project), { recursive: true });
    writeFileSync(join(ROOT, 'corpus', project, 'LICENSE'), readFileSync(join(SHARED, project, 'LICENSE')));
  }
  for (const source of SOURCES) {
    const file = `${source.project}/${source.file}`;
    if (seen.has(file)) throw new Error(`${file} is listed twice`);
    seen.add(file);
    const pdf = join(ROOT, 'corpus', file);
    writeFileSync(pdf, readFileSync(join(SHARED, source.project, source.from)));
    bytes += statSync(pdf).size;
    const truth = await truthOf(source, pdf);
    writeFileSync(join(ROOT, 'truth', `${file}.json`), JSON.stringify(truth, null, 2) + '\n');
    const cells = (truth.tables ?? []).reduce((sum, table) => sum + table.rows.reduce((n, row) => n + row.length, 0), 0);
    process.stdout.write(`${file}: ${truth.tables?.length ?? 0} tables, ${cells} cells\n`);
  }
  writeSources();
  process.stdout.write(`${SOURCES.length} PDFs, ${(bytes / 1e6).toFixed(1)} MB copied\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
