/**
 * One document across the fleet (issue 31): converts one long document as one job
 * through 1, 2, 3 … fresh worker processes of the built worker (`start:worker`'s Node
 * flags, the image's jemalloc when installed) against the real Postgres and Redis, and
 * prints per run the job's wall time (created → COMPLETED, Postgres's timestamps), the
 * ratio to the one-worker time of the same document in the same run, the workers'
 * CPU-seconds per page (utime + stime of every worker process over the timed job), each
 * worker's peak RSS (the kernel's VmHWM, reset before the timed job), whether the
 * outputs are byte for byte the one-worker ones, and how many workers logged a line
 * carrying the job's id (whether the document was spread across them).
 *
 * Two documents:
 * - a scanned book: an image-only PDF of `--pages` pages (default 100) made here from a
 *   text PDF in the repository (fleet-scan.ts says which, and how), cached in os.tmpdir();
 *   every page is read by OCR. Through 1, 2, 3 and 4 workers; the issue's target is
 *   2 workers ≤ 0.6 × one worker's time.
 * - the 2,415-page R reference manual (Debian's r-doc-pdf), through 1, 2 and 4 workers;
 *   skipped, with the reason printed, when it is not installed.
 *
 *   npm run build && npm run bench:fleet
 *   npm run bench:fleet -- --only scan --workers 1,2 --pages 16 --formats markdown,text
 *
 * Each worker process is given one core's worth of work: WORKER_CONCURRENCY=1 and
 * OCR_THREADS=1. MAX_PAGES is raised to 100,000, CONVERSION_TIMEOUT_MS to 60 minutes and
 * MAX_FILE_BYTES to 1 GiB (a larger `--pages`); everything else is the worker's defaults
 * (SPLIT_PAGES, SPLIT_OCR_PAGES, SPLIT_RANGES_PER_CLIENT) unless set in the environment.
 * Each worker is warmed by one short job of the same document (`split: false`) before
 * the timed job, which asks for `cache: false`. The reference, measured first, is one
 * worker converting the document whole (`split: false`), so that no baseline pays the
 * split's own costs; one worker with the split follows, which shows them. Per split
 * run, from the workers' logs: ranges, their mean reading time, the assembly's time
 * and the mean gap between a worker's ranges (queue and claim). The database is
 * `<base>_test_benchfleet` and the queue prefix `<base>-test-benchfleet`; the document is
 * served from 127.0.0.1. A report, not a gate: exits 0 whatever the numbers, 1 only when
 * a conversion fails.
 */
import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { cpuSeconds, peakRssMb, resetPeakRss, runScript, type ScriptRun, sleep } from '@docformat/testing';
import { deployedAllocator, workerNodeFlags } from './deployed-worker';
import { BenchJobs, type FinishedJob, openBenchQueue, serveFiles } from './fleet-jobs';
import { SCAN_SOURCE, scannedBook } from './fleet-scan';
import { BuiltApp } from './throughput-processes';

const REPO_ROOT = join(__dirname, '../../..');
const WORKER_MAIN = 'dist/worker/apps/worker/src/main.js';
const MANUAL = '/usr/share/R/doc/manual/fullrefman.pdf';
const PROJECT = 'benchfleet';
const JOB_TIMEOUT_MS = 90 * 60_000;
/** The target for the scan: 2 workers take at most this share of one worker's time. */
const SCAN_TARGET_RATIO = 0.6;

function option(name: string): string | undefined {
  const at = process.argv.indexOf(name);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

interface Subject {
  name: 'scan' | 'manual';
  label: string;
  file: string;
  workers: number[];
  /** Pages of the warm-up job each worker runs first: too few to be split. */
  warmUpPages: string;
}

interface Run extends FinishedJob {
  workers: number;
  /** Whether the job could be split into page ranges (the reference, one worker, is not). */
  split: boolean;
  cpuSeconds: number;
  peaksMb: number[];
  /** Workers that logged a line carrying the job's id. */
  spread: number;
  ranges: RangeCosts | undefined;
}

/** What the job's ranges cost, from the workers' logs: what the docs' scaling estimate is made of. */
interface RangeCosts {
  count: number;
  /** Mean time a range's reading took (range.completed durationMs; the planner's first range has none). */
  meanRangeMs: number;
  /** The assembly's time (job.completed assemblyMs). */
  assemblyMs: number;
  /** Mean time a worker spent between finishing one range and starting its next: the queue and the claim. */
  meanGapMs: number;
}

/** A worker of the fleet: the process and its log, read to see which jobs it worked on. */
class FleetWorker {
  readonly app: BuiltApp;

  constructor(
    name: string,
    env: NodeJS.ProcessEnv,
    readonly logPath: string,
  ) {
    this.app = new BuiltApp(name, WORKER_MAIN, env, logPath, workerNodeFlags(REPO_ROOT));
  }

  /** Whether its log has a line carrying any of `ids` (its own jobs, or ranges of them). */
  loggedAny(ids: readonly string[]): boolean {
    const log = existsSync(this.logPath) ? readFileSync(this.logPath, 'utf8') : '';
    return ids.some((id) => log.includes(id));
  }

  /** Its JSON log lines about job `id`, in order. */
  linesOf(id: string): Array<Record<string, unknown>> {
    const log = existsSync(this.logPath) ? readFileSync(this.logPath, 'utf8') : '';
    return log
      .split('\n')
      .filter((text) => text.includes(id))
      .flatMap((text) => {
        try {
          return [JSON.parse(text) as Record<string, unknown>];
        } catch {
          return [];
        }
      });
  }
}

function rangeCosts(fleet: FleetWorker[], id: string): RangeCosts | undefined {
  const lines = fleet.map((worker) => worker.linesOf(id));
  const split = lines.flat().find((line) => line['event'] === 'job.split');
  if (!split) return undefined;
  const time = (line: Record<string, unknown>) => Date.parse(String(line['time']));
  const durations = lines
    .flat()
    .flatMap((line) => (line['event'] === 'range.completed' && typeof line['durationMs'] === 'number' ? [line['durationMs']] : []));
  const gaps = lines.flatMap((own) =>
    own.flatMap((line, i) => {
      if (line['event'] !== 'range.completed') return [];
      const next = own.slice(i + 1).find((later) => later['event'] === 'range.started');
      return next ? [time(next) - time(line)] : [];
    }),
  );
  const completed = lines.flat().find((line) => line['event'] === 'job.completed');
  const mean = (values: number[]) => (values.length > 0 ? values.reduce((sum, value) => sum + value, 0) / values.length : 0);
  return {
    count: Number(split['ranges']),
    meanRangeMs: mean(durations),
    assemblyMs: Number(completed?.['assemblyMs'] ?? 0),
    meanGapMs: mean(gaps),
  };
}

/**
 * One short job per worker, repeated for the workers a round missed (a fast worker may
 * take two of one round's jobs): every worker has loaded its parsers (and, for the scan,
 * its OCR engine) before the timed job.
 */
async function warmUp(fleet: FleetWorker[], jobs: BenchJobs, pages: string): Promise<void> {
  const ids: string[] = [];
  let cold = fleet;
  for (let round = 0; round < 5 && cold.length > 0; round++) {
    const submitted = await Promise.all(cold.map(() => jobs.submit({ pages, split: false })));
    for (const id of submitted) await jobs.finished(id);
    ids.push(...submitted);
    await sleep(500); // the last log lines reach the files
    cold = fleet.filter((worker) => !worker.loggedAny(ids));
  }
  if (cold.length > 0) process.stdout.write(`  (not warmed after 5 rounds: ${cold.map((worker) => worker.app.name).join(', ')})\n`);
  await sleep(1000);
}

async function measureRun(
  subject: Subject,
  workers: number,
  split: boolean,
  env: NodeJS.ProcessEnv,
  jobs: BenchJobs,
  logDir: string,
  run: ScriptRun,
): Promise<Run> {
  const fleetEnv = env;
  const fleet = Array.from(
    { length: workers },
    (_, i) =>
      new FleetWorker(
        `${subject.name} ${workers}w worker ${i + 1}`,
        fleetEnv,
        join(logDir, `${subject.name}-${workers}w-worker-${i + 1}.log`),
      ),
  );
  const stopAll = () => Promise.all(fleet.map((worker) => worker.app.stop())).then(() => undefined);
  run.cleanups.push(stopAll);
  try {
    await Promise.all(fleet.map((worker) => worker.app.waitForEvent('worker.started', 120_000)));
    await warmUp(fleet, jobs, subject.warmUpPages);
    const pids = fleet.map((worker) => worker.app.pid);
    for (const pid of pids) resetPeakRss(pid);
    const cpuBefore = pids.map(cpuSeconds);
    const id = await jobs.submit(split ? {} : { split: false });
    const measured = await jobs.finished(id);
    const cpu = pids.reduce((sum, pid, i) => sum + cpuSeconds(pid) - cpuBefore[i], 0);
    const peaksMb = pids.map(peakRssMb);
    await sleep(1000); // the last log lines reach the files
    return {
      ...measured,
      workers,
      split,
      cpuSeconds: cpu,
      peaksMb,
      spread: fleet.filter((worker) => worker.loggedAny([id])).length,
      ranges: rangeCosts(fleet, id),
    };
  } finally {
    await stopAll();
  }
}

const COLUMNS = [
  'document',
  'workers',
  'wall s',
  'ratio',
  'CPU s/page',
  'peak RSS MB: max (each)',
  'output',
  'spread',
  'load',
  'ranges: n, mean ms, assembly ms, gap ms',
];
const WIDTHS = [22, 14, 8, 6, 10, 28, 10, 6, 5, 0];

function line(cells: string[]): string {
  return cells.map((cell, i) => (i === 0 || i === 5 || i === 6 ? cell.padEnd(WIDTHS[i]) : cell.padStart(WIDTHS[i]))).join('  ');
}

function sameOutputs(a: Map<string, string>, b: Map<string, string>): boolean {
  return a.size === b.size && [...a].every(([format, body]) => b.get(format) === body);
}

function row(subject: Subject, result: Run, reference: Run | undefined): string {
  const peaks = result.peaksMb.map((mb) => Math.round(mb));
  return line([
    subject.label,
    `${result.workers}${result.split ? '' : ', whole'}`,
    result.wallSeconds.toFixed(1),
    reference ? (result.wallSeconds / reference.wallSeconds).toFixed(2) : '–',
    result.pages > 0 ? (result.cpuSeconds / result.pages).toPrecision(3) : '–',
    `${Math.max(...peaks)} (${peaks.join(', ')})`,
    reference === undefined
      ? '–'
      : reference === result
        ? 'reference'
        : sameOutputs(result.outputs, reference.outputs)
          ? 'identical'
          : 'DIFFERENT',
    `${result.spread}/${result.workers}`,
    loadavg()[0].toFixed(2),
    result.ranges
      ? `${result.ranges.count}, ${Math.round(result.ranges.meanRangeMs)}, ${result.ranges.assemblyMs}, ${Math.round(result.ranges.meanGapMs)}`
      : '–',
  ]);
}

function workerCounts(fallback: number[]): number[] {
  const asked = option('--workers');
  const counts = asked === undefined ? fallback : asked.split(',').map(Number);
  if (counts.some((count) => !Number.isInteger(count) || count < 1)) throw new Error(`--workers wants counts such as 1,2,4: ${asked}`);
  // One worker is every ratio's reference, always measured first; with `split: false` first (no baseline
  // handicapped by the split's own costs), then split as the others are.
  return [1, ...new Set(counts.filter((count) => count !== 1))];
}

async function subjects(): Promise<Subject[]> {
  const only = option('--only');
  if (only !== undefined && only !== 'scan' && only !== 'manual') throw new Error(`--only wants scan or manual: ${only}`);
  const chosen: Subject[] = [];
  if (only !== 'manual') {
    const pages = Number(option('--pages') ?? 100);
    if (!Number.isInteger(pages) || pages < 1) throw new Error(`--pages wants a page count: ${option('--pages')}`);
    const started = Date.now();
    const file = await scannedBook(pages);
    process.stdout.write(
      `scan: ${pages} image-only pages drawn from ${basename(SCAN_SOURCE)}, ${(statSync(file).size / 1024 / 1024).toFixed(1)} MB, ` +
        `${file} (${((Date.now() - started) / 1000).toFixed(1)} s)\n`,
    );
    chosen.push({ name: 'scan', label: `scan, ${pages} pages`, file, workers: workerCounts([1, 2, 3, 4]), warmUpPages: '1' });
  }
  if (only !== 'scan') {
    if (existsSync(MANUAL))
      chosen.push({ name: 'manual', label: basename(MANUAL), file: MANUAL, workers: workerCounts([1, 2, 4]), warmUpPages: '1-64' });
    else process.stdout.write(`${MANUAL} not found (Debian: apt-get install r-doc-pdf): the R manual is skipped\n`);
  }
  return chosen;
}

async function main(run: ScriptRun): Promise<number> {
  if (!existsSync(join(REPO_ROOT, WORKER_MAIN))) throw new Error(`${WORKER_MAIN} is missing: run \`npm run build\` first`);
  const formats = (option('--formats') ?? 'markdown').split(',');
  const chosen = await subjects();
  if (chosen.length === 0) return 0;

  const bench = await openBenchQueue(PROJECT, run);
  const { env, queue } = bench;
  const origin = await serveFiles(
    chosen.map((subject) => subject.file),
    run,
  );

  const allocator = deployedAllocator(option('--allocator') === 'glibc' ? 'glibc' : 'jemalloc');
  const logDir = mkdtempSync(join(tmpdir(), 'docformat-fleet-'));
  const { METRICS_PORT: _noPort, ...inherited } = process.env; // several workers on one host: no metrics port each
  const workerEnv: NodeJS.ProcessEnv = {
    ...inherited,
    ...allocator.env,
    DATABASE_URL: env.databaseUrl,
    REDIS_URL: env.redisUrl,
    QUEUE_PREFIX: env.queuePrefix,
    FETCH_ALLOW_PRIVATE: 'true',
    WORKER_CONCURRENCY: '1',
    OCR_THREADS: '1',
    MAX_PAGES: '100000',
    MAX_FILE_BYTES: String(1024 * 1024 * 1024),
    CONVERSION_TIMEOUT_MS: String(60 * 60_000),
    JOB_MAX_ATTEMPTS: '1',
    SWEEP_INTERVAL_MS: '3600000',
    LOG_LEVEL: 'info',
  };
  process.stdout.write(
    `to ${formats.join(', ')}; each worker WORKER_CONCURRENCY=1, OCR_THREADS=1; the built worker ` +
      `(${workerNodeFlags(REPO_ROOT).join(' ')}, ${allocator.name}), Node ${process.version}; logs in ${logDir}\n\n`,
  );
  process.stdout.write(`${line(COLUMNS)}\n`);

  let failed = false;
  for (const subject of chosen) {
    const results = new Map<number, Run>();
    let reference: Run | undefined;
    const runs: Array<[workers: number, split: boolean]> = subject.workers.flatMap((workers): Array<[number, boolean]> =>
      workers === 1
        ? [
            [1, false],
            [1, true],
          ]
        : [[workers, true]],
    );
    for (const [workers, split] of runs) {
      await queue.removeAll(); // nothing left from an earlier run or an interrupted one
      try {
        const jobs = new BenchJobs(bench, origin.url(subject.file), formats, JOB_TIMEOUT_MS);
        const result = await measureRun(subject, workers, split, workerEnv, jobs, logDir, run);
        if (!split) reference = result;
        else results.set(workers, result);
        process.stdout.write(`${row(subject, result, reference)}\n`);
      } catch (error) {
        failed = true;
        process.stdout.write(
          `${line([subject.label, String(workers), 'FAILED'])}  ${error instanceof Error ? error.message : String(error)}\n`,
        );
      }
    }
    const sizes = formats.map((format) => `${format} ${(reference?.outputs.get(format)?.length ?? 0).toLocaleString('en')} chars`);
    process.stdout.write(`  ${subject.label}: output ${sizes.join(', ')}\n`);
    if (subject.name === 'scan') {
      const one = reference;
      const two = results.get(2);
      const verdict =
        one && two
          ? `${(two.wallSeconds / one.wallSeconds).toFixed(2)}×: ${two.wallSeconds / one.wallSeconds <= SCAN_TARGET_RATIO ? 'met' : 'not met'}`
          : 'not measured';
      process.stdout.write(`  OCR target, 2 workers ≤ ${SCAN_TARGET_RATIO}× one worker's time: ${verdict}\n`);
    }
  }
  return failed ? 1 : 0;
}

runScript('bench:fleet', 8 * 60 * 60_000, main);
