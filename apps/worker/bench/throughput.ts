/**
 * PDF throughput benchmark (a report, never a test gate): the R manuals of Debian's
 * r-doc-pdf (installed with apt-get when missing, with poppler-utils), every manual
 * in several copies made distinct (a URL each, and a PDF comment after %%EOF so the
 * bytes differ), through the built API and worker processes against the real Postgres
 * and Redis, one phase per output format; beside them, in the same run and on the
 * same copies, pdf-parse `getText` in one process (as pdf-parse ships, and with the
 * native built-ins docformat restores) and poppler's pdftotext in one process and on
 * all cores. Prints pages per second of each, the ratios, the workers' peak RSS per
 * phase (the kernel's VmHWM) and the CPU time the workers used beside getText's,
 * which splits the ratio into what a page costs (pages per CPU-second) and how many
 * cores were kept busy.
 *
 * It runs two corpora, each short and long, because they give different ratios:
 * - `all`: every distinct manual, the 2,415-page reference manual included (78 % of
 *   the pages; one document that one worker converts while the other may idle);
 * - `no-reference`: the seven manuals other than the reference manual (677 pages a
 *   copy), as an outside measurement took them;
 * - short: one copy of each (what a user with a few big documents sees: the last long
 *   document runs alone), long: four (the steady state).
 *
 *   npm run build && npm run bench:throughput
 *   npm run bench:throughput -- --corpora no-reference --copies 4 --formats text
 *   npm run bench:throughput -- --manuals R-exts,R-intro --copies 1
 *
 * Options: --corpora all,no-reference, --copies 1,4 (a run per value), --manuals a,b
 * (instead of the corpora: those manuals), --formats text,markdown, --workers N (2
 * worker processes), --concurrency N (WORKER_CONCURRENCY; else the environment's,
 * else unset: the workers divide the cores between them), --allocator glibc (default:
 * the image's jemalloc when installed), --no-baselines, --timeout-min N (90: the script
 * stops itself, cleaning up, after that long).
 *
 * The reference manual is above the default MAX_PAGES (2,000), so the workers run with
 * MAX_PAGES=100000; CONVERSION_TIMEOUT_MS is raised to 30 minutes so that it converts
 * on a busy machine. Everything else is the workers' defaults unless set in the
 * environment, with the Node flags of `start:worker`. The database is
 * `<base>_test_benchthroughput` and the queue prefix `<base>-test-benchthroughput`,
 * derived from DOCFORMAT_BASE_DATABASE_URL (else DATABASE_URL) as the tests derive
 * theirs. Traffic goes to loopback only: the origin listens on 127.0.0.1, and the API
 * is called there. The services' logs stay in the temp directory the run names.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPrismaClient, type PrismaClient } from '@docformat/db';
import { cpuSeconds, freePort, prepareTestDatabase, runScript, type ScriptRun, sleep, testEnvironment } from '@docformat/testing';
import { deployedAllocator, workerNodeFlags } from './deployed-worker';
import { type GetTextRate, type Rate, getTextSingleProcess, pagesPerSecond, pdftotext, pdftotextVersion } from './throughput-baselines';
import { ApiClient, runPhase, startOrigin } from './throughput-jobs';
import { type Manual, type ManualCopy, ensurePackages, findManuals, makeCopies, totalPages } from './throughput-manuals';
import { BuiltApp, PeakRss } from './throughput-processes';

const REPO_ROOT = join(__dirname, '../../..');
const API_MAIN = 'dist/api/apps/api/src/main.js';
const WORKER_MAIN = 'dist/worker/apps/worker/src/main.js';
const PROJECT = 'benchthroughput';
/** The issue's targets, against pdf-parse getText in one process. */
const TARGETS: Record<string, number> = { text: 1.6, markdown: 1.3 };
const TARGET_RSS_MB = 400;
const CORPORA = ['all', 'no-reference'] as const;
type Corpus = (typeof CORPORA)[number] | 'selected';

const out = (line = '') => process.stdout.write(`${line}\n`);

interface Options {
  corpora: Corpus[];
  copies: number[];
  manuals?: string[];
  formats: string[];
  workers: number;
  concurrency?: string;
  allocator: 'jemalloc' | 'glibc';
  baselines: boolean;
  timeoutMs: number;
}

function parseOptions(argv: readonly string[]): Options {
  const value = (name: string) => {
    const at = argv.indexOf(name);
    return at >= 0 ? argv[at + 1] : undefined;
  };
  const whole = (name: string, raw: string | undefined, fallback: number) => {
    const parsed = raw === undefined ? fallback : Number(raw);
    if (!Number.isInteger(parsed) || parsed < 1) throw new Error(`${name} must be whole numbers of at least 1 (got ${raw})`);
    return parsed;
  };
  const list = (name: string) =>
    value(name)
      ?.split(',')
      .map((item) => item.trim())
      .filter((item) => item !== '');
  const manuals = list('--manuals');
  const corpora = list('--corpora') ?? [...CORPORA];
  for (const corpus of corpora) {
    if (!(CORPORA as readonly string[]).includes(corpus)) throw new Error(`--corpora takes ${CORPORA.join(', ')} (got ${corpus})`);
  }
  return {
    corpora: manuals ? ['selected'] : (corpora as Corpus[]),
    copies: (list('--copies') ?? ['1', '4']).map((raw) => whole('--copies', raw, 1)),
    manuals,
    formats: list('--formats') ?? ['text', 'markdown'],
    workers: whole('--workers', value('--workers'), 2),
    concurrency: value('--concurrency') ?? (process.env['WORKER_CONCURRENCY'] || undefined),
    allocator: value('--allocator') === 'glibc' ? 'glibc' : 'jemalloc',
    baselines: !argv.includes('--no-baselines'),
    timeoutMs: whole('--timeout-min', value('--timeout-min'), 90) * 60_000,
  };
}

/** The manuals of a corpus: the reference manual is the one far longer than the rest. */
function corpusManuals(corpus: Corpus, options: Options): Manual[] {
  if (corpus === 'selected') return findManuals(options.manuals);
  const all = findManuals(undefined);
  return corpus === 'all' ? all : all.filter((manual) => !/refman/.test(manual.name));
}

function rate(label: string, r: Rate): string {
  return `${label.padEnd(44)} ${String(r.pages).padStart(6)} pages ${r.seconds.toFixed(1).padStart(7)} s ${pagesPerSecond(r).toFixed(1).padStart(8)} pages/s`;
}

interface Baselines {
  shipped?: GetTextRate;
  native?: GetTextRate;
  pdftotext: Array<[string, Rate]>;
}

interface ServicePhase {
  corpus: Corpus;
  copies: number;
  documents: number;
  format: string;
  pages: number;
  seconds: number;
  cpuSeconds: number;
  failures: Map<string, number>;
  peakRssMb: number;
  baselines: Baselines;
}

async function measureBaselines(copies: readonly ManualCopy[], cores: number): Promise<Baselines> {
  const shipped = await getTextSingleProcess(copies);
  out(
    `  ${rate('pdf-parse getText, 1 process, as shipped', shipped)}   (${shipped.node}; its bundle ${shipped.replacedBuiltins ? 'replaced push and JSON.parse' : 'left push and JSON.parse native'})`,
  );
  const native = await getTextSingleProcess(copies, true);
  out(`  ${rate('pdf-parse getText, 1 process, native push', native)}`);
  const pdf: Array<[string, Rate]> = [];
  const version = pdftotextVersion();
  if (!version) out('  pdftotext: not installed');
  for (const parallel of version ? [1, cores] : []) {
    const label = `pdftotext ${version}, ${parallel} process${parallel > 1 ? 'es' : ''}`;
    const r = await pdftotext(copies, parallel);
    pdf.push([label, r]);
    out(`  ${rate(label, r)}`);
  }
  return { shipped, native, pdftotext: pdf };
}

/** The summary: a row per corpus, length and format, every ratio in the same run. */
function summary(phases: readonly ServicePhase[]): string[] {
  const header = [
    'corpus',
    'copies',
    'docs',
    'pages',
    'format',
    'pages/s',
    '× getText',
    '× getText native push',
    'per CPU-s × getText',
    'cores busy',
    'worker peak MB',
  ];
  const ratio = (phase: ServicePhase, r: Rate | undefined) => (r ? (phase.pages / phase.seconds / pagesPerSecond(r)).toFixed(2) : '-');
  const perCpu = (phase: ServicePhase) => {
    const r = phase.baselines.native;
    return r?.cpuSeconds && phase.cpuSeconds > 0 ? (phase.pages / phase.cpuSeconds / (r.pages / r.cpuSeconds)).toFixed(2) : '-';
  };
  const rows = phases.map((phase) => [
    phase.corpus,
    String(phase.copies),
    String(phase.documents),
    String(phase.pages),
    phase.format,
    (phase.pages / phase.seconds).toFixed(1),
    ratio(phase, phase.baselines.shipped),
    ratio(phase, phase.baselines.native),
    perCpu(phase),
    (phase.cpuSeconds / phase.seconds).toFixed(2),
    phase.peakRssMb.toFixed(0),
  ]);
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => row[i].length)));
  const line = (cells: string[]) =>
    `| ${cells.map((cell, i) => (i < 1 || i === 4 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join(' | ')} |`;
  return [
    line(header),
    `|${widths.map((w, i) => (i < 1 || i === 4 ? `-${'-'.repeat(w)}-` : `-${'-'.repeat(w)}:`)).join('|')}|`,
    ...rows.map(line),
  ];
}

interface Service {
  client: ApiClient;
  prisma: PrismaClient;
  workers: BuiltApp[];
  threads: number[];
  origin: Awaited<ReturnType<typeof startOrigin>>;
}

async function startService(options: Options, logDir: string, deadline: number, { cleanups }: ScriptRun): Promise<Service> {
  const env = testEnvironment(PROJECT);
  await prepareTestDatabase(PROJECT);
  const prisma = createPrismaClient(env.databaseUrl, 2);
  cleanups.push(() => prisma.$disconnect());
  await prisma.job.deleteMany({});
  const origin = await startOrigin([]);
  cleanups.push(() => origin.close());
  const token = `bench-throughput-${randomBytes(16).toString('hex')}`;
  const port = await freePort();
  const common: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: env.databaseUrl,
    REDIS_URL: env.redisUrl,
    QUEUE_PREFIX: env.queuePrefix,
    LOG_LEVEL: 'info',
  };
  const api = new BuiltApp('api', API_MAIN, { ...common, PORT: String(port), API_TOKENS: token }, join(logDir, 'api.log'));
  const allocator = deployedAllocator(options.allocator);
  const workerEnv: NodeJS.ProcessEnv = {
    ...common,
    ...allocator.env,
    FETCH_ALLOW_PRIVATE: 'true',
    MAX_PAGES: '100000',
    CONVERSION_TIMEOUT_MS: String(30 * 60_000),
    JOB_MAX_ATTEMPTS: '1',
    SWEEP_INTERVAL_MS: '3600000',
    ...(options.concurrency ? { WORKER_CONCURRENCY: options.concurrency } : {}),
  };
  const nodeFlags = workerNodeFlags(REPO_ROOT);
  const workers = Array.from(
    { length: options.workers },
    (_, i) => new BuiltApp(`worker-${i + 1}`, WORKER_MAIN, workerEnv, join(logDir, `worker-${i + 1}.log`), nodeFlags),
  );
  cleanups.push(async () => {
    await Promise.all([api, ...workers].map((app) => app.stop()));
  });
  const client = new ApiClient(`http://127.0.0.1:${port}`, token);
  while (!(await client.healthy())) {
    if (!api.running) throw new Error(`the API exited (see ${join(logDir, 'api.log')})`);
    if (Date.now() > deadline) throw new Error('the API did not become healthy');
    await sleep(200);
  }
  await Promise.all(workers.map((worker) => worker.waitForEvent('worker.started', 60_000)));
  // Workers that start together see each other within a beat (2 s) and settle their shares of the cores.
  await sleep(3000);
  const threads = workers.map((worker) => worker.concurrency() ?? 0);
  out(
    `\nservice: API + ${workers.length} worker processes (${nodeFlags.join(' ')}, ${allocator.name}), ${threads.join(' + ')} conversion threads ` +
      `(WORKER_CONCURRENCY ${options.concurrency ?? 'unset: a share of the cores each'}); MAX_PAGES=100000, CONVERSION_TIMEOUT_MS=1800000`,
  );
  return { client, prisma, workers, threads, origin };
}

async function main(options: Options, run: ScriptRun): Promise<number> {
  for (const file of [API_MAIN, WORKER_MAIN]) {
    if (!existsSync(join(REPO_ROOT, file))) throw new Error(`${file} is missing: run \`npm run build\` first`);
  }
  const deadline = Date.now() + options.timeoutMs;
  const cores = availableParallelism();
  ensurePackages(out);
  const dir = mkdtempSync(join(tmpdir(), 'docformat-throughput-'));
  run.cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const logDir = mkdtempSync(join(tmpdir(), 'docformat-throughput-logs-'));
  out(`cores: ${cores}; Node ${process.version}; service logs in ${logDir}`);

  const service = await startService(options, logDir, deadline, run);
  const peaks = new PeakRss(service.workers.map((worker) => ({ name: worker.name, pid: worker.pid })));
  const peakOf = (taken: Map<string, number>) => Math.max(0, ...taken.values());
  out(`  workers started, idle: peak ${peakOf(peaks.takePeaks()).toFixed(0)} MB`);

  // One small job per conversion thread and format first: threads start and load their parsers.
  const smallest = findManuals(undefined).at(-1) as Manual;
  const warmCopies = makeCopies(
    [smallest],
    Math.max(
      1,
      service.threads.reduce((a, b) => a + b, 0),
    ),
    dir,
    'warm',
  );
  for (const format of options.formats) await runPhase(service.client, service.prisma, warmCopies, service.origin.url, format, deadline);
  out(`  after warm-up: peak ${peakOf(peaks.takePeaks()).toFixed(0)} MB`);

  const phases: ServicePhase[] = [];
  const workersCpu = () => service.workers.reduce((sum, worker) => sum + cpuSeconds(worker.pid), 0);
  for (const corpus of options.corpora) {
    const manuals = corpusManuals(corpus, options);
    for (const count of options.copies) {
      const copies = makeCopies(manuals, count, dir, `${corpus}-${count}`);
      out(
        `\n${corpus} × ${count}: ${manuals.map((m) => `${m.name} ${m.pages}`).join(', ')} pages; ${copies.length} documents, ${totalPages(copies)} pages per format`,
      );
      // Baselines before the service's phases, on the same copies, with the workers idle.
      const baselines = options.baselines ? await measureBaselines(copies, cores) : { pdftotext: [] };
      for (const format of options.formats) {
        peaks.takePeaks();
        const cpuBefore = workersCpu();
        const ran = await runPhase(service.client, service.prisma, copies, service.origin.url, format, deadline);
        const phase: ServicePhase = {
          corpus,
          copies: count,
          documents: copies.length,
          format,
          pages: ran.pages,
          seconds: ran.seconds,
          cpuSeconds: workersCpu() - cpuBefore,
          failures: ran.failures,
          peakRssMb: peakOf(peaks.takePeaks()),
          baselines,
        };
        phases.push(phase);
        const failed = [...phase.failures].map(([code, n]) => `${code} ${n}`).join(', ');
        out(`  ${rate(`service ${format}`, { pages: phase.pages, seconds: phase.seconds })}${failed ? `  FAILED: ${failed}` : ''}`);
      }
    }
  }

  out("\nresults (× getText: the service's pages per second over pdf-parse getText's in one process, same copies, same run)");
  for (const line of summary(phases)) out(line);
  for (const format of options.formats) {
    const target = TARGETS[format];
    const rows = phases.filter((phase) => phase.format === format && phase.baselines.shipped);
    if (!target || rows.length === 0) continue;
    const ratios = rows.map((phase) => phase.pages / phase.seconds / pagesPerSecond(phase.baselines.shipped as Rate));
    const met = ratios.filter((ratio) => ratio >= target).length;
    out(`target ${format} ≥ ${target} × getText: met in ${met} of ${rows.length} runs (${ratios.map((r) => r.toFixed(2)).join(', ')})`);
  }
  const peak = Math.max(0, ...phases.map((phase) => phase.peakRssMb));
  out(
    `worker peak RSS (VmHWM) over the run: ${peak.toFixed(0)} MB; target ≤ ${TARGET_RSS_MB} MB: ${peak <= TARGET_RSS_MB ? 'met' : 'NOT met'}`,
  );
  if (phases.some((phase) => phase.failures.size > 0)) out('some jobs FAILED: the rates count completed pages only (see the worker logs)');
  return 0;
}

const options = parseOptions(process.argv);
// A minute over the deadline the phases watch: time for them to notice and clean up first.
runScript('bench:throughput', options.timeoutMs + 60_000, (run) => main(options, run));
