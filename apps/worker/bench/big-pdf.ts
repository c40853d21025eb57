/**
 * One big PDF on every core, through the worker as deployed: converts one long PDF
 * (default the 2,415-page R reference manual from Debian's r-doc-pdf) as a job of the
 * built worker process (`start:worker`'s Node flags, the image's jemalloc when
 * installed) against the real Postgres and Redis. First a worker with one conversion
 * thread (WORKER_CONCURRENCY=1: the PDF is read in one thread), then one with the
 * default settings (a share of the cores: the PDF is split across its threads), each
 * a fresh process warmed by a short job per thread. Prints per pass the job's time
 * from claim to completion, the worker's CPU time, the ratio to the one-thread time,
 * the worker's peak RSS (the kernel's VmHWM, threads included) beside its RSS as the
 * pass began, and whether the outputs are byte for byte the one-thread ones.
 *
 *   npm run build && npm run bench:big-pdf
 *   npm run bench:big-pdf -- --file x.pdf --formats text,markdown --passes 3 --allocator glibc
 *
 * Jobs ask for `cache: false`: every pass converts. MAX_PAGES is raised to 100,000 (the
 * reference manual is above the default 2,000) and CONVERSION_TIMEOUT_MS to 30 minutes;
 * everything else is the worker's defaults unless set in the environment. The
 * database is `<base>_test_benchbigpdf` and the queue prefix `<base>-test-benchbigpdf`.
 * A report, not a gate: exits 0 whatever the numbers, 1 only when a conversion fails.
 */
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { cpuSeconds, peakRssMb, resetPeakRss, rssMb, runScript, type ScriptRun, sleep } from '@docformat/testing';
import { deployedAllocator, workerNodeFlags } from './deployed-worker';
import { BenchJobs, openBenchQueue, serveFiles } from './fleet-jobs';
import { BuiltApp } from './throughput-processes';

const REPO_ROOT = join(__dirname, '../../..');
const WORKER_MAIN = 'dist/worker/apps/worker/src/main.js';
const DEFAULT_FILE = '/usr/share/R/doc/manual/fullrefman.pdf';
const PROJECT = 'benchbigpdf';
/** Pages each warm-up job converts: too few to be split. */
const WARM_UP_PAGES = '1-64';
const RUN_TIMEOUT_MS = 60 * 60_000;

function option(name: string): string | undefined {
  const at = process.argv.indexOf(name);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

interface Pass {
  label: string;
  seconds: number;
  cpuSeconds: number;
  startRssMb: number;
  peakRssMb: number;
  outputs: Map<string, string>;
}

/** A fresh worker process with `env`, its threads warmed by one short job each, then `passes` conversions of the document. */
async function measureWorker(
  label: string,
  env: NodeJS.ProcessEnv,
  jobs: BenchJobs,
  passes: number,
  logDir: string,
  run: ScriptRun,
): Promise<Pass[]> {
  const worker = new BuiltApp(label, WORKER_MAIN, env, join(logDir, `${label.replace(/\W+/g, '-')}.log`), workerNodeFlags(REPO_ROOT));
  run.cleanups.push(() => worker.stop());
  await worker.waitForEvent('worker.started', 60_000);
  await sleep(3000); // its share of the cores settles within a beat (2 s)
  const threads = worker.concurrency() ?? 1;
  const warming = await Promise.all(Array.from({ length: threads }, () => jobs.submit({ pages: WARM_UP_PAGES })));
  for (const id of warming) await jobs.finished(id);
  const results: Pass[] = [];
  for (let pass = 1; pass <= passes; pass++) {
    const startRssMb = rssMb(worker.pid);
    resetPeakRss(worker.pid);
    const cpuBefore = cpuSeconds(worker.pid);
    const { seconds, outputs } = await jobs.finished(await jobs.submit({}));
    const name = `${label}, ${threads} thread${threads > 1 ? 's' : ''}${passes > 1 ? `, pass ${pass}` : ''}`;
    results.push({
      label: name,
      seconds,
      cpuSeconds: cpuSeconds(worker.pid) - cpuBefore,
      startRssMb,
      peakRssMb: peakRssMb(worker.pid),
      outputs,
    });
  }
  await worker.stop();
  return results;
}

function row(pass: Pass, reference: Pass | undefined): string {
  const same = (a: Map<string, string>, b: Map<string, string>) =>
    a.size === b.size && [...a].every(([format, body]) => b.get(format) === body);
  return [
    pass.label.padEnd(30),
    `${pass.seconds.toFixed(1).padStart(6)} s (CPU ${pass.cpuSeconds.toFixed(1).padStart(5)} s)`,
    `ratio ${reference ? (pass.seconds / reference.seconds).toFixed(2) : '1.00'}`,
    `RSS ${Math.round(pass.startRssMb).toString().padStart(4)} → peak ${Math.round(pass.peakRssMb).toString().padStart(4)} MB`,
    reference ? (same(pass.outputs, reference.outputs) ? 'identical' : 'DIFFERENT') : 'reference',
    `(load ${loadavg()[0].toFixed(2)})`,
  ].join('  ');
}

async function main(run: ScriptRun): Promise<number> {
  const file = option('--file') ?? DEFAULT_FILE;
  if (!existsSync(file)) {
    process.stdout.write(`${file} not found (Debian: apt-get install r-doc-pdf), or pass --file\n`);
    return 0;
  }
  if (!existsSync(join(REPO_ROOT, WORKER_MAIN))) throw new Error(`${WORKER_MAIN} is missing: run \`npm run build\` first`);
  const formats = (option('--formats') ?? 'markdown').split(',');
  const passes = Number(option('--passes') ?? 3);
  const bench = await openBenchQueue(PROJECT, run);
  const { env } = bench;
  const origin = await serveFiles([file], run);
  const jobs = new BenchJobs(bench, origin.url(file), formats, RUN_TIMEOUT_MS);

  const allocator = deployedAllocator(option('--allocator') === 'glibc' ? 'glibc' : 'jemalloc');
  const logDir = mkdtempSync(join(tmpdir(), 'docformat-big-pdf-'));
  const workerEnv: NodeJS.ProcessEnv = {
    ...process.env,
    ...allocator.env,
    DATABASE_URL: env.databaseUrl,
    REDIS_URL: env.redisUrl,
    QUEUE_PREFIX: env.queuePrefix,
    FETCH_ALLOW_PRIVATE: 'true',
    MAX_PAGES: '100000',
    CONVERSION_TIMEOUT_MS: String(30 * 60_000),
    JOB_MAX_ATTEMPTS: '1',
    SWEEP_INTERVAL_MS: '3600000',
    LOG_LEVEL: 'info',
  };
  process.stdout.write(
    `${basename(file)} (${(readFileSync(file).byteLength / 1024 / 1024).toFixed(1)} MB) to ${formats.join(', ')}, the built worker ` +
      `(${workerNodeFlags(REPO_ROOT).join(' ')}, ${allocator.name}), Node ${process.version}; logs in ${logDir}\n`,
  );

  const [single] = await measureWorker('one thread', { ...workerEnv, WORKER_CONCURRENCY: '1' }, jobs, 1, logDir, run);
  process.stdout.write(`${row(single, undefined)}\n`);
  const { WORKER_CONCURRENCY: _unset, ...defaults } = workerEnv;
  for (const pass of await measureWorker('default worker', defaults, jobs, passes, logDir, run))
    process.stdout.write(`${row(pass, single)}\n`);
  const sizes = formats.map((format) => `${format} ${(single.outputs.get(format)?.length ?? 0).toLocaleString('en')} chars`);
  process.stdout.write(`output ${sizes.join(', ')}\n`);
  return 0;
}

runScript('bench:big-pdf', 2 * RUN_TIMEOUT_MS, main);
