/**
 * OCR benchmark: runs docformat's convertDocument with OCR forced on scanned versions
 * of corpus pages (`ocr/scans/`, made by `ocr/make-scans.sh`) and prints, per scan
 * condition, word F1 against the original PDF's text, pages per second (per core),
 * and the mean OCR confidence, next to the tesseract CLI and pdftotext on the same
 * scans (see ocr/README.md). A report, not a gate: exits 0 whatever the numbers; 1
 * only when the scans are missing or malformed or the script itself crashes.
 *
 *   npm run bench:ocr                  # the tables, then the same as markdown
 *   npm run bench:ocr -- --documents   # plus one row per scan and failure details
 */
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import { join, relative } from 'node:path';
import { type Engine, docformat, pdftotext, tesseractCli } from './ocr/engines';
import { type Scan, loadScans } from './ocr/manifest';
import { CONDITION_COLUMNS, conditionCells, formatNumber, renderMarkdownTable, renderTextTable } from './ocr/report';
import {
  CONDITIONS,
  CONDITION_LABELS,
  F1_TARGETS,
  type Measurement,
  type Pool,
  THROUGHPUT_TARGET,
  addMeasurement,
  childCpuTicks,
  emptyPool,
  poolStats,
  verdict,
  wordCounts,
} from './ocr/score';

const HERE = join(__dirname, 'ocr');
/** Two full pages of running text at 200 dpi (noisy): the throughput target's scan. */
const THROUGHPUT_SCAN = 'noisy-200-r-intro-ch1-p4-p7';

function print(text: string): void {
  process.stdout.write(text);
}

interface Timed {
  measurement: Measurement;
  cpuMs: number;
  detail?: string;
}

/** Linux's USER_HZ, the unit of /proc/PID/stat times: 100 on every mainstream architecture. */
const TICKS_PER_SECOND = 100;

/** CPU ms of the finished child processes (the tesseract CLI, pdfimages); null off Linux. */
function childCpuMs(): number | null {
  if (!existsSync('/proc/self/stat')) return null;
  const ticks = childCpuTicks(readFileSync('/proc/self/stat', 'utf8'));
  return ticks === null ? null : (ticks * 1000) / TICKS_PER_SECOND;
}

async function measure(engine: Engine, scan: Scan, truth: string): Promise<Timed> {
  const cpu = process.cpuUsage();
  const children = childCpuMs();
  const start = process.hrtime.bigint();
  const output = await engine.run(scan);
  const wallMs = Number(process.hrtime.bigint() - start) / 1e6;
  const used = process.cpuUsage(cpu);
  const childrenAfter = childCpuMs();
  return {
    measurement: {
      pages: scan.sourcePages.length,
      wallMs,
      cores: engine.cores(scan),
      counts: wordCounts(truth, output.text),
      confidence: output.confidence,
      failure: output.failure,
    },
    // CPU time does not grow when other processes compete for the cores, unlike wall
    // time: this process's (tesseract.js worker threads included) plus its children's.
    cpuMs: (used.user + used.system) / 1000 + (children !== null && childrenAfter !== null ? childrenAfter - children : 0),
    detail: output.detail,
  };
}

/** A set of scans: the third-party one (pages of documents nobody here wrote) is printed first. */
const SCAN_SETS = [
  { title: 'Third-party pages', dir: join(HERE, 'third-party') },
  { title: 'Self-written corpus pages', dir: HERE },
];

function loadSet(dir: string): Scan[] | string {
  const manifestPath = join(dir, 'scans', 'manifest.json');
  if (!existsSync(manifestPath))
    return `no scans at ${manifestPath}; build them with ${relative(process.cwd(), join(dir, 'make-scans.sh'))}`;
  const scans = loadScans(manifestPath);
  const missing = scans.filter((scan) => !existsSync(scan.file) || !existsSync(scan.truth));
  if (missing.length > 0) return `scan or truth files missing for ${missing.map((scan) => scan.name).join(', ')}`;
  return scans;
}

async function main(): Promise<number> {
  const sets: { title: string; dir: string; scans: Scan[] }[] = [];
  for (const set of SCAN_SETS) {
    const scans = loadSet(set.dir);
    if (typeof scans === 'string') {
      process.stderr.write(`bench:ocr: ${scans}\n`);
      return 1;
    }
    sets.push({ ...set, scans });
  }
  const perDocument = process.argv.includes('--documents');
  const cores = os.availableParallelism();
  const engines = [docformat(cores), tesseractCli(), pdftotext()];
  const all = sets.flatMap((set) => set.scans);

  // One untimed conversion first, so loading pdf.js, tesseract.js and the language
  // data once per process is not charged to whichever scan happens to come first. The
  // two-page throughput scan warms one engine per core, as a busy worker has them.
  await engines[0].run(all.find((scan) => scan.name === THROUGHPUT_SCAN) ?? all[0]);

  const loadBefore = os.loadavg()[0];
  const results = [];
  for (const set of sets) results.push({ set, ...(await scoreSet(set.scans, engines, perDocument)) });

  print(`OCR, ${cores} cores available. Load average (1 min) at start ${loadBefore.toFixed(2)}, at end ${os.loadavg()[0].toFixed(2)}.\n`);
  print("Word F1: bag of words (the quality bench's tokens) vs pdftotext of the same pages of the original PDF; pooled per condition.\n");
  print('Pages/s/core: pages / (wall seconds x cores the engine could use on the scan); mean conf: mean word confidence, 0-100.\n');
  const throughput = results.flatMap((result) => result.throughput);
  for (const { set, rows, documentRows, details, failedRuns } of results) {
    const pageCount = set.scans.reduce((sum, scan) => sum + scan.sourcePages.length, 0);
    print(`\n${set.title}: ${set.scans.length} scans, ${pageCount} pages (${relative(process.cwd(), join(set.dir, 'scans'))})\n\n`);
    if (perDocument) {
      print(`${renderTextTable(CONDITION_COLUMNS, documentRows)}\n`);
      if (details.length > 0) print(`Failures:\n${details.map((detail) => `  ${detail}\n`).join('')}\n`);
    } else if (failedRuns > 0) {
      print(`${failedRuns} run(s) failed (see Notes); run with --documents for the reasons.\n\n`);
    }
    print(renderTextTable(CONDITION_COLUMNS, rows));
  }
  print(`\nThroughput on a full page of text at 200 dpi (${THROUGHPUT_SCAN}, target >= ${THROUGHPUT_TARGET} pages/s/core):\n\n`);
  print(
    throughput.length > 0 ? renderTextTable(THROUGHPUT_COLUMNS, throughput, false) : 'No measurement: the scan is not in the manifest.\n',
  );
  print('\nMarkdown:\n');
  for (const { set, rows } of results) print(`\n${set.title}\n\n${renderMarkdownTable(CONDITION_COLUMNS, rows)}`);
  print('\n');
  print(renderMarkdownTable(THROUGHPUT_COLUMNS, throughput));
  return 0;
}

/** Every engine on every scan of a set, pooled per condition. */
async function scoreSet(scans: readonly Scan[], engines: readonly Engine[], perDocument: boolean) {
  const truths = new Map(scans.map((scan) => [scan.name, readFileSync(scan.truth, 'utf8')]));
  const rows: string[][] = [];
  // Per scan, so the engines' rows for one scan print together.
  const documentRows = new Map<string, string[][]>(scans.map((scan) => [scan.name, []]));
  const details: string[] = [];
  let failedRuns = 0;
  const throughput: string[][] = [];
  for (const condition of CONDITIONS) {
    const conditionScans = scans.filter((scan) => scan.condition === condition);
    if (conditionScans.length === 0) continue;
    const label = CONDITION_LABELS[condition];
    const target = F1_TARGETS[condition];
    for (const engine of engines) {
      const readable = conditionScans.filter((scan) => engine.reads(scan));
      if (readable.length === 0) continue;
      const pages = readable.reduce((sum, scan) => sum + scan.sourcePages.length, 0);
      if (engine.unavailable) {
        rows.push(conditionCells(label, engine.label, { ...emptyPool(), pages }, target, engine.unavailable));
        continue;
      }
      // Progress on stderr: a page takes seconds, and a stuck engine should show where.
      process.stderr.write(`bench:ocr: ${label}, ${engine.label}\n`);
      let pool: Pool = emptyPool();
      for (const scan of readable) {
        const timed = await measure(engine, scan, truths.get(scan.name) ?? '');
        pool = addMeasurement(pool, timed.measurement);
        if (timed.measurement.failure) failedRuns += 1;
        if (timed.detail) details.push(`${scan.name} (${engine.label}): ${timed.detail}`);
        if (perDocument)
          documentRows
            .get(scan.name)
            ?.push(conditionCells(scan.name, engine.label, addMeasurement(emptyPool(), timed.measurement), target));
        if (scan.name === THROUGHPUT_SCAN && engine.ocr) throughput.push(throughputCells(scan, engine, timed));
      }
      rows.push(conditionCells(label, engine.label, pool, target));
    }
  }
  return { rows, documentRows: [...documentRows.values()].flat(), details, failedRuns, throughput };
}

const THROUGHPUT_COLUMNS = ['Engine', 'Pages', 'Cores', 'Wall s', 'Pages/s/core', 'Target', 'Result', 'CPU s/page', 'Pages/CPU-s', 'Notes'];

function throughputCells(scan: Scan, engine: Engine, timed: Timed): string[] {
  const { measurement } = timed;
  const perCore = poolStats(addMeasurement(emptyPool(), measurement)).pagesPerCoreSecond;
  return [
    engine.label,
    String(measurement.pages),
    String(measurement.cores),
    (measurement.wallMs / 1000).toFixed(2),
    formatNumber(perCore, 3),
    `>= ${THROUGHPUT_TARGET}`,
    measurement.failure ? '-' : verdict(perCore, THROUGHPUT_TARGET),
    (timed.cpuMs / 1000 / measurement.pages).toFixed(2),
    // The best pages/s/core the engine could reach on idle cores: a check on the wall
    // clock figure when the machine is busy with other work.
    timed.cpuMs > 0 ? (measurement.pages / (timed.cpuMs / 1000)).toFixed(3) : 'n/a',
    measurement.failure ?? '',
  ];
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`bench:ocr: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
