/**
 * Language-detection benchmark: the paragraphs of translated Debian manual pages in
 * `languages/` (one `<code>.jsonl` per language; see languages/SOURCES.md) detected by
 * each candidate npm detector, printed as the share detected right per language, with
 * each package's size, the size of the data it loads, its load time and its time per
 * paragraph (a package loaded by an earlier row loads again in no time: franc after docformat's
 * row, tinyld before franc's). The first row is the detector docformat uses
 * (language-detector.ts). A report, not
 * a gate: exits 0 whatever the numbers; 1 only when the set is missing or the script
 * itself crashes.
 *
 *   npm run bench:languages              # the table, then the same as markdown
 *   npm run bench:languages -- --misses  # plus each paragraph a candidate got wrong
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { LANGUAGES, type LanguageDetector, languageDetector } from '../src/language/language-detector';
import { renderMarkdownTable, renderTextTable } from './ocr/report';

const SET = join(__dirname, 'languages');
/** Issue 32's target: paragraphs of 200 characters or more detected right. */
const TARGET = 0.95;

interface Candidate {
  name: string;
  /** The npm package, for its installed size. */
  packageName: string;
  /** The file of language data (or code with it) the candidate loads. */
  dataFile: () => string;
  load: () => Promise<LanguageDetector>;
}

/** ISO 639-3 (franc's codes) → 639-1, by tinyld's table; a code without one stays as it is (and counts wrong). */
async function toIso1(): Promise<(code: string) => string> {
  const { toISO2 } = await import('tinyld');
  return (code) => toISO2(code) || code;
}

type Eld = (typeof import('eld/extrasmall', { with: { 'resolution-mode': 'import' } }))['eld'];

/** One of eld's static entries, by its path: its exports map has only an `import` condition, which require() does not match. */
async function importEld(database: string): Promise<Eld> {
  return ((await import(join(packageDir('eld'), 'src', 'entries', `static.${database}.js`))) as { eld: Eld }).eld;
}

const ELD_SIZES = ['extrasmall', 'small', 'medium', 'large'];

const CANDIDATES: Candidate[] = [
  {
    name: `docformat: franc, ${Object.keys(LANGUAGES).length} languages`,
    packageName: 'franc',
    dataFile: () => join(packageDir('franc'), 'data.js'),
    load: languageDetector,
  },
  ...ELD_SIZES.map((size) => ({
    name: `eld ${size}`,
    packageName: 'eld',
    dataFile: () => join(packageDir('eld'), 'src', 'ngrams', `${size}.js`),
    load: async () => {
      const eld = await importEld(size);
      eld.enableTextCleanup(true);
      return (text: string) => eld.detect(text).language || null;
    },
  })),
  ...(['normal', 'light', 'heavy'] as const).map((variant) => ({
    name: variant === 'normal' ? 'tinyld' : `tinyld ${variant}`,
    packageName: 'tinyld',
    dataFile: () => join(packageDir('tinyld'), 'dist', `tinyld.${variant}.node.js`),
    load: async () => {
      const { detect } = (await import(variant === 'normal' ? 'tinyld' : `tinyld/${variant}`)) as typeof import('tinyld');
      return (text: string) => detect(text) || null;
    },
  })),
  ...(['franc', 'franc-min'] as const).map((name) => ({
    name,
    packageName: name,
    dataFile: () => join(packageDir(name), 'data.js'),
    load: async () => {
      const { franc } = (await import(name)) as { franc: (text: string) => string };
      const iso1 = await toIso1();
      return (text: string) => {
        const code = franc(text);
        return code === 'und' ? null : iso1(code);
      };
    },
  })),
];

function packageDir(name: string): string {
  const root = (require.resolve.paths(name) ?? []).map((dir) => join(dir, name)).find((dir) => statSafe(join(dir, 'package.json')));
  if (!root) throw new Error(`${name} is not installed (npm ci installs the benchmark's candidates)`);
  return root;
}

function statSafe(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

function megabytes(bytes: number): string {
  return (bytes / 1e6).toFixed(1);
}

/** The package's size on disk, as `du` counts it (its own folder, not its dependencies). */
function installedBytes(name: string): number {
  return Number(execFileSync('du', ['-sb', packageDir(name)], { encoding: 'utf8' }).split('\t')[0]);
}

interface Paragraph {
  source: string;
  text: string;
}

function loadSet(): Map<string, Paragraph[]> {
  const files = readdirSync(SET)
    .filter((name) => name.endsWith('.jsonl'))
    .sort();
  if (files.length === 0) throw new Error(`No test set in ${SET}: see languages/SOURCES.md`);
  return new Map(
    files.map((name) => [
      name.replace(/\.jsonl$/, ''),
      readFileSync(join(SET, name), 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Paragraph),
    ]),
  );
}

async function main(): Promise<void> {
  const showMisses = process.argv.includes('--misses');
  const set = loadSet();
  const codes = [...set.keys()];
  const header = ['Detector', 'Package MB', 'Data MB', 'Load ms', 'µs/paragraph', 'All', ...codes, `>= ${TARGET} each`];
  const rows: string[][] = [];
  const misses: string[] = [];
  for (const candidate of CANDIDATES) {
    const started = performance.now();
    const detect = await candidate.load();
    const loadMs = performance.now() - started;
    let right = 0;
    let total = 0;
    let detectMs = 0;
    const shares = codes.map((code) => {
      const paragraphs = set.get(code) ?? [];
      let good = 0;
      for (const paragraph of paragraphs) {
        const start = performance.now();
        const found = detect(paragraph.text);
        detectMs += performance.now() - start;
        if (found === code) good++;
        else if (showMisses)
          misses.push(`${candidate.name}\t${code} → ${found ?? '-'}\t${paragraph.source}\t${paragraph.text.slice(0, 160)}`);
      }
      right += good;
      total += paragraphs.length;
      return good / paragraphs.length;
    });
    rows.push([
      candidate.name,
      megabytes(installedBytes(candidate.packageName)),
      megabytes(statSync(candidate.dataFile()).size),
      String(Math.round(loadMs)),
      String(Math.round((detectMs * 1000) / total)),
      (right / total).toFixed(3),
      ...shares.map((share) => share.toFixed(3)),
      shares.every((share) => share >= TARGET) ? 'yes' : 'no',
    ]);
  }
  const counts = codes.map((code) => `${code} ${set.get(code)?.length ?? 0}`).join(', ');
  process.stdout.write(`Paragraphs of 200-1,000 characters per language: ${counts}\n\n`);
  process.stdout.write(renderTextTable(header, rows, false));
  process.stdout.write(`\n${renderMarkdownTable(header, rows)}`);
  if (showMisses) process.stdout.write(`\nMisses:\n${misses.join('\n')}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
