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
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { createPrismaClient, type PrismaClient } from '@docformat/db';
import { JobQueue, createRedisConnection } from '@docformat/queue';
import {
  cpuSeconds,
  peakRssMb,
  prepareTestDatabase,
  resetPeakRss,
  rssMb,
  runScript,
  type ScriptRun,
  sleep,
  testEnvironment,
} from '@docformat/testing';
import { deployedAllocator, workerNodeFlags } from './deployed-worker';
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

/** Jobs inserted and queued as the API would, and waited for in Postgres. */
class Jobs {
  constructor(
    private readonly prisma: PrismaClient,
    private readonly queue: JobQueue,
    private readonly ownerId: string,
    private readonly url: string,
    private readonly formats: string[],
  ) {}

  async submit(options: Record<string, unknown>): Promise<string> {
    const id = randomUUID();
    await this.prisma.job.create({
      data: {
        id,
        ownerId: this.ownerId,
        type: 'format',
        fileUrl: this.url,
        requestedFormats: this.formats,
        options: { cache: false, ...options },
      },
    });
    await this.queue.enqueueConversion(id, 5000);
    return id;
  }

  /** Waits for the job to end; answers its claim-to-completion time and outputs, or throws its failure. */
  async finished(id: string): Promise<{ seconds: number; outputs: Map<string, string> }> {
    for (const deadline = Date.now() + RUN_TIMEOUT_MS; Date.now() < deadline; await sleep(100)) {
      const job = await this.prisma.job.findUniqueOrThrow({ where: { id }, include: { outputs: true } });
      if (job.status === 'FAILED') throw new Error(`job ${id} failed: ${job.errorCode} ${job.errorMessage}`);
      if (job.status !== 'COMPLETED') continue;
      const seconds = ((job.completedAt?.getTime() ?? 0) - (job.startedAt?.getTime() ?? 0)) / 1000;
      return { seconds, outputs: new Map(job.outputs.map((output) => [output.format, output.content ?? JSON.stringify(output.json)])) };
    }
    throw new Error(`job ${id} did not finish within ${RUN_TIMEOUT_MS / 60_000} minutes`);
  }
}

function serve(file: string): Promise<{ server: Server; url: string }> {
  const bytes = readFileSync(file);
  const server = createServer((_request, response) => response.writeHead(200, { 'content-type': 'application/pdf' }).end(bytes));
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/${basename(file)}` }),
    ),
  );
}

/** A fresh worker process with `env`, its threads warmed by one short job each, then `passes` conversions of the document. */
async function measureWorker(
  label: string,
  env: NodeJS.ProcessEnv,
  jobs: Jobs,
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
  const env = testEnvironment(PROJECT);
  await prepareTestDatabase(PROJECT);
  const prisma = createPrismaClient(env.databaseUrl, 2);
  const redis = createRedisConnection(env.redisUrl, 'producer');
  const queue = new JobQueue(redis, { prefix: env.queuePrefix, maxAttempts: 1 });
  run.cleanups.push(async () => {
    await queue.close();
    redis.disconnect();
    await prisma.$disconnect();
  });
  await prisma.job.deleteMany({});
  const owner = await prisma.apiToken.create({
    data: { name: 'bench-big-pdf', tokenHash: randomUUID().replace(/-/g, '').padEnd(64, '0') },
  });
  const origin = await serve(file);
  run.cleanups.push(() => new Promise<void>((resolve) => origin.server.close(() => resolve())));
  const jobs = new Jobs(prisma, queue, owner.id, origin.url, formats);

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
