/**
 * PDF throughput benchmark (a report, never a test gate): the R manuals of Debian's
 * r-doc-pdf (installed with apt-get when missing, with poppler-utils), every manual
 * in several copies made distinct (a URL each, and a PDF comment after %%EOF so the
 * bytes differ), through the built API and worker processes against the real Postgres
 * and Redis, one phase per output format; beside them, in the same run, pdf-parse
 * `getText` in one process and poppler's pdftotext in one process and on all cores
 * over the same copies. Prints pages per second of each, the ratios, the workers'
 * peak RSS (sampled from /proc every 200 ms, per phase and over the whole run), and
 * the CPU time the workers used per phase beside getText's, which splits the ratio
 * into what a page costs (pages per CPU-second) and how many cores were kept busy.
 *
 *   npm run build && npm run bench:throughput
 *   npm run bench:throughput -- --copies 1 --manuals R-exts,R-intro --formats text
 *   npm run bench:throughput -- --concurrency 1          # WORKER_CONCURRENCY per worker
 *
 * Options: --copies N (2), --manuals a,b (every distinct manual), --formats text,markdown,
 * --workers N (2 worker processes), --concurrency N (WORKER_CONCURRENCY; else the
 * environment's, else unset: the workers divide the cores between them), --no-baselines,
 * --timeout-min N (45: the script stops itself, cleaning up, after that long).
 *
 * The reference manual (fullrefman.pdf, 2,415 pages) is above the default MAX_PAGES
 * (2,000), so the workers run with MAX_PAGES=100000; CONVERSION_TIMEOUT_MS is raised
 * to 30 minutes so that it converts on a busy machine. Everything else is the
 * workers' defaults unless set in the environment. The database is
 * `<base>_test_benchthroughput` and the queue prefix `<base>-test-benchthroughput`,
 * derived from DOCFORMAT_BASE_DATABASE_URL (else DATABASE_URL) as the tests derive
 * theirs. Traffic goes to loopback only: the origin listens on 127.0.0.1, and the API
 * is called there. The services' logs stay in the temp directory the run names.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPrismaClient } from '@docformat/db';
import { cpuSeconds, freePort, prepareTestDatabase, runScript, type ScriptRun, sleep, testEnvironment } from '@docformat/testing';
import { type Rate, getTextSingleProcess, pagesPerSecond, pdftotext, pdftotextVersion } from './throughput-baselines';
import { ApiClient, type PhaseResult, runPhase, startOrigin } from './throughput-jobs';
import { ensurePackages, findManuals, makeCopies, totalPages } from './throughput-manuals';
import { BuiltApp, RssSampler } from './throughput-processes';
import { workerNodeFlags } from './worker-node-flags';

const REPO_ROOT = join(__dirname, '../../..');
const API_MAIN = 'dist/api/apps/api/src/main.js';
const WORKER_MAIN = 'dist/worker/apps/worker/src/main.js';
const PROJECT = 'benchthroughput';
/** The issue's targets, against pdf-parse getText in one process. */
const TARGETS: Record<string, number> = { text: 1.6, markdown: 1.3 };
const TARGET_RSS_MB = 400;

const out = (line = '') => process.stdout.write(`${line}\n`);

interface Options {
  copies: number;
  manuals?: string[];
  formats: string[];
  workers: number;
  concurrency?: string;
  baselines: boolean;
  timeoutMs: number;
}

function parseOptions(argv: readonly string[]): Options {
  const value = (name: string) => {
    const at = argv.indexOf(name);
    return at >= 0 ? argv[at + 1] : undefined;
  };
  const count = (name: string, fallback: number) => {
    const raw = value(name);
    const parsed = raw === undefined ? fallback : Number(raw);
    if (!Number.isInteger(parsed) || parsed < 1) throw new Error(`${name} must be a whole number of at least 1 (got ${raw})`);
    return parsed;
  };
  const list = (name: string) =>
    value(name)
      ?.split(',')
      .map((item) => item.trim())
      .filter((item) => item !== '');
  return {
    copies: count('--copies', 2),
    manuals: list('--manuals'),
    formats: list('--formats') ?? ['text', 'markdown'],
    workers: count('--workers', 2),
    concurrency: value('--concurrency') ?? (process.env['WORKER_CONCURRENCY'] || undefined),
    baselines: !argv.includes('--no-baselines'),
    timeoutMs: count('--timeout-min', 45) * 60_000,
  };
}

function rate(label: string, r: Rate): string {
  return `${label.padEnd(34)} ${String(r.pages).padStart(6)} pages ${r.seconds.toFixed(1).padStart(7)} s ${pagesPerSecond(r).toFixed(1).padStart(8)} pages/s`;
}

function rssLine(label: string, peaks: Map<string, number>): string {
  const workers = [...peaks].filter(([name]) => name.startsWith('worker'));
  return `${label.padEnd(22)} ${workers.map(([name, mb]) => `${name} ${mb.toFixed(0)} MB`).join(', ')}`;
}

async function main(options: Options, { cleanups }: ScriptRun): Promise<number> {
  for (const file of [API_MAIN, WORKER_MAIN]) {
    if (!existsSync(join(REPO_ROOT, file))) throw new Error(`${file} is missing: run \`npm run build\` first`);
  }
  const deadline = Date.now() + options.timeoutMs;
  ensurePackages(out);
  const manuals = findManuals(options.manuals);
  const dir = mkdtempSync(join(tmpdir(), 'docformat-throughput-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const logDir = mkdtempSync(join(tmpdir(), 'docformat-throughput-logs-'));
  const copies = makeCopies(manuals, options.copies, dir, 'run');
  const pages = totalPages(copies);
  out(`manuals (r-doc-pdf): ${manuals.map((m) => `${m.name} ${m.pages}`).join(', ')} pages`);
  out(
    `${options.copies} distinct copies each: ${copies.length} documents, ${pages} pages per format; formats ${options.formats.join(', ')}`,
  );
  out(`cores: ${availableParallelism()}; service logs in ${logDir}`);

  // Baselines first, while the service is not running.
  const baselines = new Map<string, Rate>();
  if (options.baselines) {
    out('\nbaselines (same copies):');
    const getText = await getTextSingleProcess(copies);
    baselines.set('pdf-parse getText, 1 process', getText);
    out(`  ${rate('pdf-parse getText, 1 process', getText)}`);
    const version = pdftotextVersion();
    if (version) {
      for (const [label, parallel] of [
        [`pdftotext ${version}, 1 process`, 1],
        [`pdftotext ${version}, ${availableParallelism()} processes`, availableParallelism()],
      ] as const) {
        const r = await pdftotext(copies, parallel);
        baselines.set(label, r);
        out(`  ${rate(label, r)}`);
      }
    } else out('  pdftotext: not installed');
  }

  // The service: its own database and queue prefix, the built API and workers.
  const env = testEnvironment(PROJECT);
  await prepareTestDatabase(PROJECT);
  const prisma = createPrismaClient(env.databaseUrl, 2);
  cleanups.push(() => prisma.$disconnect());
  await prisma.job.deleteMany({});
  const origin = await startOrigin(copies);
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
  const workerEnv: NodeJS.ProcessEnv = {
    ...common,
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
    `\nservice: API + ${workers.length} worker processes, ${threads.join(' + ')} conversion threads (WORKER_CONCURRENCY ${options.concurrency ?? 'unset: a share of the cores each'}); MAX_PAGES=100000, CONVERSION_TIMEOUT_MS=1800000`,
  );
  const sampler = new RssSampler(workers.map((worker) => ({ name: worker.name, pid: worker.pid })));
  cleanups.push(() => sampler.stop());
  await sleep(1000);
  out(rssLine('  started, idle', sampler.takePeaks()));
  const runPeaks = new Map<string, number>();
  const keepPeaks = (peaks: Map<string, number>) => {
    for (const [name, mb] of peaks) runPeaks.set(name, Math.max(runPeaks.get(name) ?? 0, mb));
    return peaks;
  };

  // One small job per conversion thread and format first: threads start and load their parsers.
  const smallest = manuals[manuals.length - 1];
  const warmCopies = makeCopies(
    [smallest],
    threads.reduce((a, b) => a + b, 0),
    dir,
    'warm',
  );
  for (const format of options.formats) await runPhase(client, prisma, warmCopies, origin.url, format, deadline);
  out(rssLine('  after warm-up', keepPeaks(sampler.takePeaks())));

  const phases: Array<PhaseResult & { cpuSeconds: number }> = [];
  const workersCpu = () => workers.reduce((sum, worker) => sum + cpuSeconds(worker.pid), 0);
  for (const format of options.formats) {
    const cpuBefore = workersCpu();
    const ran = await runPhase(client, prisma, copies, origin.url, format, deadline);
    const phase = { ...ran, cpuSeconds: workersCpu() - cpuBefore };
    phases.push(phase);
    const failed = [...phase.failures].map(([code, n]) => `${code} ${n}`).join(', ');
    out(`  ${rate(`service ${format}`, { pages: phase.pages, seconds: phase.seconds })}${failed ? `  FAILED: ${failed}` : ''}`);
    out(rssLine(`  peak RSS (${format})`, keepPeaks(sampler.takePeaks())));
    out(
      `  workers' CPU (${format})   ${phase.cpuSeconds.toFixed(1)} s, ${(phase.cpuSeconds / phase.seconds).toFixed(2)} cores busy on average`,
    );
  }

  out('\nresults');
  const getText = baselines.get('pdf-parse getText, 1 process');
  for (const phase of phases) {
    const service = phase.pages / phase.seconds;
    const parts = [...baselines].map(([label, r]) => `${(service / pagesPerSecond(r)).toFixed(2)} × ${label}`);
    out(`  service ${phase.format.padEnd(8)} ${service.toFixed(1).padStart(7)} pages/s = ${parts.join(', ') || 'no baselines'}`);
    if (getText && TARGETS[phase.format]) {
      const ratio = service / pagesPerSecond(getText);
      out(`    target ≥ ${TARGETS[phase.format]} × getText: ${ratio >= TARGETS[phase.format] ? 'met' : 'NOT met'} (${ratio.toFixed(2)} ×)`);
    }
    // The ratio split in two: pages per CPU-second (the work each page costs) and cores kept busy.
    if (getText?.cpuSeconds && phase.cpuSeconds > 0) {
      const perCpu = phase.pages / phase.cpuSeconds;
      const getTextPerCpu = getText.pages / getText.cpuSeconds;
      out(
        `    per CPU-second: ${perCpu.toFixed(1)} pages = ${(perCpu / getTextPerCpu).toFixed(2)} × getText's ${getTextPerCpu.toFixed(1)} (it kept ${(getText.cpuSeconds / getText.seconds).toFixed(2)} cores busy, the service ${(phase.cpuSeconds / phase.seconds).toFixed(2)})`,
      );
    }
  }
  const peak = Math.max(0, ...runPeaks.values());
  out(
    `  worker peak RSS over the run: ${[...runPeaks].map(([name, mb]) => `${name} ${mb.toFixed(0)} MB`).join(', ')}; target ≤ ${TARGET_RSS_MB} MB: ${peak <= TARGET_RSS_MB ? 'met' : 'NOT met'}`,
  );
  if (phases.some((phase) => phase.failures.size > 0))
    out('  some jobs FAILED: the rates count completed pages only (see the worker logs)');
  out(`  (${pages} pages per format)`);
  return 0;
}

const options = parseOptions(process.argv);
// A minute over the deadline the phases watch: time for them to notice and clean up first.
runScript('bench:throughput', options.timeoutMs + 60_000, (run) => main(options, run));
