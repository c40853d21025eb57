/**
 * Worker memory benchmark: runs the real worker (a child process, from the sources)
 * against real Postgres and Redis over 1,000 mixed jobs (every committed fixture in
 * libs/converters/fixtures, served by a local origin on 127.0.0.1, round-robin:
 * PDFs, office files, scans that go through OCR, corrupt and encrypted files), and
 * prints the worker's RSS every 100 jobs, its peak and the trend. The peak is the
 * kernel's (VmHWM, threads included), read every 250 ms, so none between two readings
 * is missed. Exits 1 when the peak is above the target or RSS keeps rising.
 *
 *   npm run bench:memory                       # 1,000 jobs
 *   npm run bench:memory -- --jobs 200         # fewer
 *   npm run bench:memory -- --allocator glibc  # on glibc's malloc instead of the image's jemalloc
 *   npm run bench:memory -- --only 'scan|\.png$' --jobs 50   # fixtures whose path matches
 *
 * The database is `<base>_test_benchmemory` and the queue prefix `<base>-test-benchmemory`,
 * derived from DOCFORMAT_BASE_DATABASE_URL (else DATABASE_URL) as the tests derive
 * theirs, so no development data is touched. Worker settings (WORKER_CONCURRENCY,
 * CONVERSION_MAX_TASKS_PER_THREAD, WORKER_MAX_RSS_MB, …) pass through from the environment.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, relative } from 'node:path';
import { createPrismaClient } from '@docformat/db';
import { JobQueue, createRedisConnection } from '@docformat/queue';
import { peakRssMb, prepareTestDatabase, rssMb, testEnvironment } from '@docformat/testing';
import { deployedAllocator, workerNodeFlags } from './deployed-worker';

const REPO_ROOT = join(__dirname, '../../..');
const FIXTURES = join(REPO_ROOT, 'libs/converters/fixtures');
const PROJECT = 'benchmemory';
const TARGET_RSS_MB = 400;
/** RSS may drift this much per 100 jobs (least-squares slope over the second half) and still count as flat. */
const FLAT_SLOPE_MB = 5;
/** RSS is printed every this many jobs (fewer for short runs). */
const BLOCK = 100;
const RUN_TIMEOUT_MS = 60 * 60 * 1000;

/** Fixture generators and notes, not documents. */
const NOT_DOCUMENTS = new Set(['.sh', '.py', '.js']);

const MIME: Record<string, string> = {
  '.pdf': 'application/pdf',
  '.html': 'text/html',
  '.md': 'text/markdown',
  '.txt': 'text/plain',
  '.csv': 'text/csv',
  '.tsv': 'text/tab-separated-values',
  '.json': 'application/json',
  '.xml': 'application/xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.tiff': 'image/tiff',
};

function fixtureFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => (entry.isDirectory() ? fixtureFiles(join(dir, entry.name)) : [join(dir, entry.name)]))
    .filter((file) => !NOT_DOCUMENTS.has(extname(file)) && !file.endsWith('README.md'))
    .sort();
}

/** Serves the fixtures by their path below libs/converters/fixtures, with a plain type (the worker sniffs the rest). */
function startOrigin(files: readonly string[]): Promise<{ server: Server; url: (file: string) => string }> {
  const byPath = new Map(files.map((file) => [`/${relative(FIXTURES, file).split('\\').join('/')}`, file]));
  const server = createServer((request, response) => {
    const file = byPath.get(decodeURIComponent((request.url ?? '/').split('?')[0]));
    if (!file) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'Content-Type': MIME[extname(file)] ?? 'application/octet-stream' }).end(readFileSync(file));
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        server,
        url: (file) => `http://127.0.0.1:${port}/${relative(FIXTURES, file).split('/').map(encodeURIComponent).join('/')}`,
      });
    }),
  );
}

/** Least-squares slope of y over x. */
function slope(points: readonly [number, number][]): number {
  const n = points.length;
  if (n < 2) return 0;
  const mx = points.reduce((sum, [x]) => sum + x, 0) / n;
  const my = points.reduce((sum, [, y]) => sum + y, 0) / n;
  const sxy = points.reduce((sum, [x, y]) => sum + (x - mx) * (y - my), 0);
  const sxx = points.reduce((sum, [x]) => sum + (x - mx) ** 2, 0);
  return sxx === 0 ? 0 : sxy / sxx;
}

/** `--allocator glibc` measures the worker on glibc's malloc; by default it runs on the image's jemalloc when installed. */
function allocatorEnv(): { name: string; env: NodeJS.ProcessEnv } {
  return deployedAllocator(stringOption('--allocator') === 'glibc' ? 'glibc' : 'jemalloc');
}

function stringOption(name: string): string | undefined {
  const at = process.argv.indexOf(name);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(name);
  return at >= 0 ? Number(process.argv[at + 1]) : fallback;
}

async function main(): Promise<number> {
  const total = option('--jobs', 1000);
  const env = testEnvironment(PROJECT);
  await prepareTestDatabase(PROJECT);
  const prisma = createPrismaClient(env.databaseUrl, 3);
  const redis = createRedisConnection(env.redisUrl, 'producer');
  const queue = new JobQueue(redis, { prefix: env.queuePrefix, maxAttempts: 1 });
  await prisma.job.deleteMany({});
  const owner = await prisma.apiToken.create({ data: { name: 'bench-memory', tokenHash: randomUUID().replace(/-/g, '').padEnd(64, '0') } });

  const only = stringOption('--only');
  const files = fixtureFiles(FIXTURES).filter((file) => !only || new RegExp(only).test(relative(FIXTURES, file)));
  if (files.length === 0) throw new Error(`no fixture matches --only ${only}`);
  const origin = await startOrigin(files);
  // The built worker, as deployments run it, when there is one (`npm run build`): from
  // the sources, every thread also carries a TypeScript compiler.
  const built = join(REPO_ROOT, 'dist/worker/apps/worker/src/main.js');
  const fromDist = existsSync(built) && !process.argv.includes('--sources');
  const entry = [...workerNodeFlags(REPO_ROOT), ...(fromDist ? [built] : ['-r', '@swc-node/register', 'apps/worker/src/main.ts'])];
  const allocator = allocatorEnv();
  process.stdout.write(`worker from ${fromDist ? 'dist (built)' : 'the sources'}, allocator ${allocator.name}, ${entry.join(' ')}\n`);
  const worker = spawn(process.execPath, entry, {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      ...allocator.env,
      SWC_NODE_PROJECT: join(REPO_ROOT, 'tsconfig.base.json'),
      DATABASE_URL: env.databaseUrl,
      REDIS_URL: env.redisUrl,
      QUEUE_PREFIX: env.queuePrefix,
      FETCH_ALLOW_PRIVATE: 'true',
      JOB_MAX_ATTEMPTS: '1',
      SWEEP_INTERVAL_MS: '3600000',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let recycled = 0;
  let buffered = '';
  let markStarted: () => void = () => undefined;
  const started = new Promise<void>((resolve) => (markStarted = resolve));
  worker.stdout.on('data', (chunk: Buffer) => {
    buffered += chunk.toString('utf8');
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const line of lines) {
      if (line.includes('conversion.thread_recycled')) recycled++;
      if (line.includes('"worker.started"')) markStarted();
    }
  });
  const pid = worker.pid;
  if (pid === undefined) throw new Error('the worker did not start');
  await Promise.race([
    started,
    new Promise((_, reject) => setTimeout(() => reject(new Error('the worker did not log worker.started within 60 s')), 60_000)),
  ]);
  // Threads and connections settle in the first second.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const idle = rssMb(pid);

  try {
    process.stdout.write(`worker pid ${pid}, ${files.length} fixtures round-robin, ${total} jobs (text + markdown each)\n`);
    const ids: string[] = [];
    for (let i = 0; i < total; i++) {
      const id = randomUUID();
      await prisma.job.create({
        data: {
          id,
          ownerId: owner.id,
          type: 'format',
          fileUrl: origin.url(files[i % files.length]),
          requestedFormats: ['text', 'markdown'],
          // Every job converts: the result cache would answer the same fixture's repeats
          // without a conversion thread, and a 1,000-job run would measure ~100 conversions.
          options: { cache: false },
        },
      });
      await queue.enqueueConversion(id, 2000);
      ids.push(id);
    }
    const startedAt = Date.now();
    let peak = 0;
    // What the worker was converting when RSS reached its peak: where to look first.
    let peakDuring: string[] = [];
    const block = Math.max(1, Math.min(BLOCK, Math.round(total / 10)));
    let nextBlock = block;
    const blocks: [number, number][] = [];
    process.stdout.write(
      `${'jobs'.padStart(6)} ${'RSS MB'.padStart(8)} ${'peak MB'.padStart(8)} ${'failed'.padStart(7)} ${'recycled'.padStart(9)} ${'seconds'.padStart(8)}\n`,
    );
    while (nextBlock <= total) {
      if (Date.now() - startedAt > RUN_TIMEOUT_MS) throw new Error(`not finished after ${RUN_TIMEOUT_MS / 60_000} minutes`);
      if (worker.exitCode !== null) throw new Error(`the worker exited with code ${worker.exitCode}`);
      // The kernel's high-water mark: it rose since the last reading if the worker peaked in between.
      const now = peakRssMb(pid);
      if (now > peak) {
        peak = now;
        const running = await prisma.job.findMany({ where: { status: 'IN_PROGRESS' }, select: { fileUrl: true } });
        peakDuring = running.map((job) => job.fileUrl.slice(job.fileUrl.lastIndexOf('/') + 1));
      }
      const done = await prisma.job.count({ where: { status: { in: ['COMPLETED', 'FAILED'] } } });
      while (done >= nextBlock && nextBlock <= total) {
        const rss = rssMb(pid);
        peak = Math.max(peak, peakRssMb(pid));
        blocks.push([nextBlock, rss]);
        const failed = await prisma.job.count({ where: { status: 'FAILED' } });
        process.stdout.write(
          `${String(nextBlock).padStart(6)} ${rss.toFixed(0).padStart(8)} ${peak.toFixed(0).padStart(8)} ${String(failed).padStart(7)} ${String(recycled).padStart(9)} ${((Date.now() - startedAt) / 1000).toFixed(0).padStart(8)}\n`,
        );
        nextBlock += block;
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const byCode = await prisma.job.groupBy({ by: ['errorCode'], where: { status: 'FAILED' }, _count: true });
    const secondHalf = blocks.slice(Math.floor(blocks.length / 2));
    // Slopes are per job; reported per 100 jobs.
    const trend = slope(secondHalf) * 100;
    const overall = slope(blocks) * 100;
    process.stdout.write(
      `\npeak RSS ${peak.toFixed(0)} MB (VmHWM; target ≤ ${TARGET_RSS_MB} MB); trend ${trend >= 0 ? '+' : ''}${trend.toFixed(1)} MB per 100 jobs over the second half (${overall >= 0 ? '+' : ''}${overall.toFixed(1)} overall); ${recycled} threads recycled\n`,
    );
    process.stdout.write(
      `RSS of the started, idle worker ${idle.toFixed(0)} MB; at the peak the worker was converting: ${peakDuring.join(', ') || '(between jobs)'}\n`,
    );
    process.stdout.write(`failures by code: ${byCode.map((row) => `${row.errorCode ?? 'none'} ${row._count}`).join(', ') || 'none'}\n`);
    return peak <= TARGET_RSS_MB && trend <= FLAT_SLOPE_MB ? 0 : 1;
  } finally {
    worker.kill('SIGTERM');
    await new Promise((resolve) => worker.once('exit', resolve));
    origin.server.close();
    await queue.close();
    redis.disconnect();
    await prisma.$disconnect();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`bench:memory: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
