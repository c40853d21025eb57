import { JobErrorCode } from '@docformat/contracts';
import { readFileSync, writeFileSync } from 'node:fs';
import { spawnWorker, isEvent, type ChildWorker } from '../test/support/child-worker';
import { filePrefix, startTestClient, testConfig, type TestClient } from '../test/support/harness';
import { startOrigin, type OriginServer } from '../test/support/origin-server';
import { deployedWorkerEnv } from './deployed-worker';
import { hostileCases, type HostileCase } from './hostile';
import { loadFixtures, makeMutants, type Mutant } from './mutants';

/**
 * Every mutant and hostile document becomes a job for one real worker process (real
 * Postgres and Redis, FETCH_ALLOW_PRIVATE for the loopback origin). What must hold:
 * every job ends (COMPLETED or FAILED) within its limits, no job fails with
 * INTERNAL_ERROR or an undocumented code, hostile cases end as they should, the worker
 * process never dies, and its peak resident memory (VmHWM) stays under a bound.
 */

const SEED = Number(process.env['FUZZ_SEED'] ?? 20_261_122);
const MUTANTS = Number(process.env['FUZZ_MUTANTS'] ?? 1000);
/**
 * Peak resident memory of the worker process (the kernel's VmHWM: main thread,
 * conversion threads, OCR engines), with the default memory settings (issue 28).
 */
const MAX_RSS_MB = Number(process.env['FUZZ_MAX_RSS_MB'] ?? 600);
/** 1,000 mutants take about a minute on 2 cores; the rest is room for a busy machine. */
const SUITE_DEADLINE_MS = 540_000;
/** Where to write the worker's log lines (JSON, one a line) when the suite ends. */
const WORKER_LOG = process.env['FUZZ_WORKER_LOG'];

/**
 * The worker runs with the defaults for everything that bounds its memory
 * (WORKER_MAX_RSS_MB, CONVERSION_MAX_MEMORY_MB, MAX_IMAGE_PIXELS, MAX_FILE_BYTES,
 * OCR_THREADS, WORKER_CONCURRENCY) and as it is deployed (deployed-worker.ts: Node's
 * flags, the image's allocator), so the peak is the one a deployment would see. What
 * is set here is logistics only.
 */
const env = {
  // One attempt: a retry queues behind hundreds of mutants and would outlast the suite.
  JOB_MAX_ATTEMPTS: '1',
  // The origin is on loopback: a download that takes 4 s is a hostile origin (drip-feed, no answer).
  FETCH_TIMEOUT_MS: '4000',
  // A mutant that makes a parser loop costs its slot this long instead of the default 120 s.
  CONVERSION_TIMEOUT_MS: '30000',
  JOB_LOCK_MS: '30000',
  SWEEP_INTERVAL_MS: '3600000',
  LOG_LEVEL: 'warn',
};
/**
 * The longest one attempt may take, from the worker's job.started to its outcome: the
 * download and conversion time-outs plus slack. (Start to finish of a retried job also
 * counts the wait for a free slot behind hundreds of queued jobs, which proves nothing.)
 */
const ATTEMPT_LIMIT_MS = 4000 + 30_000 + 10_000;
const ATTEMPT_ENDS = new Set(['job.completed', 'job.failed', 'job.retrying']);
const DOCUMENTED = new Set<string>(Object.values(JobErrorCode));

interface Submitted {
  id: string;
  label: string;
  expect?: readonly string[];
}

let origin: OriginServer;
let client: TestClient;
let worker: ChildWorker;
let peakRssMb = 0;
const deployed = deployedWorkerEnv();
let sampler: NodeJS.Timeout | undefined;

/** VmHWM: the process's peak resident set, threads included (Linux). */
function peakRss(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
}

beforeAll(async () => {
  const config = testConfig({ QUEUE_PREFIX: filePrefix('fuzz'), ...env });
  origin = await startOrigin();
  client = await startTestClient(config);
  worker = spawnWorker({ ...env, ...deployed.env, QUEUE_PREFIX: config.QUEUE_PREFIX, FETCH_ALLOW_PRIVATE: 'true', LOG_LEVEL: 'info' });
  await worker.waitForLog(isEvent('worker.started'), 'worker.started', 60_000);
  sampler = setInterval(() => {
    if (worker.child.pid && worker.child.exitCode === null) peakRssMb = Math.max(peakRssMb, peakRss(worker.child.pid));
  }, 500);
}, 90_000);

afterAll(async () => {
  if (sampler) clearInterval(sampler);
  await worker?.stop();
  // The worker's whole log, for reading a failure or a peak against what ran then.
  if (WORKER_LOG && worker) writeFileSync(WORKER_LOG, worker.logs.map((line) => JSON.stringify(line)).join('\n') + '\n');
  await client?.close();
  await origin?.close();
});

it(
  `converts ${MUTANTS} mutants and the hostile set without a crash, a hang or an undocumented failure`,
  async () => {
    const started = Date.now();
    const mutants: Mutant[] = makeMutants(loadFixtures(), MUTANTS, SEED);
    const hostile: HostileCase[] = hostileCases(origin, testConfig().MAX_FILE_BYTES);
    const jobs: Submitted[] = [];
    // Hostile cases first: the slow ones (drip-feed, time-outs) overlap the mutants.
    for (const { path, expect } of hostile)
      jobs.push({ id: await client.submit(origin.url(path), ['text', 'markdown']), label: path, expect });
    for (const [index, mutant] of mutants.entries()) {
      const path = `/m/${index}.${mutant.extension || 'bin'}`;
      origin.route(path, { body: mutant.bytes, contentType: mutant.contentType });
      // OCR only now and then: it costs seconds a page, and the readers are what is fuzzed.
      const options = index % 50 === 0 ? undefined : { ocr: 'off' as const };
      jobs.push({ id: await client.submit(origin.url(path), ['text', 'markdown'], options), label: mutant.name });
    }

    const finished = new Map<string, { status: string; errorCode: string | null }>();
    while (finished.size < jobs.length && Date.now() - started < SUITE_DEADLINE_MS) {
      expect(worker.child.exitCode).toBeNull();
      const rows = await client.prisma.job.findMany({
        where: { id: { in: jobs.map((job) => job.id).filter((id) => !finished.has(id)) }, status: { in: ['COMPLETED', 'FAILED'] } },
        select: { id: true, status: true, errorCode: true },
      });
      for (const row of rows) finished.set(row.id, { status: row.status, errorCode: row.errorCode });
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }

    const outcomes = new Map<string, number>();
    const problems: string[] = [];
    for (const job of jobs) {
      const outcome = finished.get(job.id);
      if (!outcome) {
        problems.push(`${job.label}: not finished`);
        continue;
      }
      const code = outcome.status === 'COMPLETED' ? 'COMPLETED' : (outcome.errorCode ?? 'FAILED without a code');
      outcomes.set(code, (outcomes.get(code) ?? 0) + 1);
      if (code === 'INTERNAL_ERROR' || (code !== 'COMPLETED' && !DOCUMENTED.has(code))) problems.push(`${job.label}: ${code}`);
      if (job.expect && !job.expect.includes(code)) problems.push(`${job.label}: ${code}, expected ${job.expect.join(' or ')}`);
    }
    const attempts = attemptDurations(worker);
    for (const job of jobs) {
      for (const ms of attempts.get(job.id) ?? []) if (ms > ATTEMPT_LIMIT_MS) problems.push(`${job.label}: an attempt took ${ms} ms`);
    }
    const summary = {
      seed: SEED,
      mutants: mutants.length,
      hostile: hostile.length,
      outcomes: Object.fromEntries([...outcomes].sort()),
      vmHwmMb: Math.round(peakRssMb),
      allocator: deployed.allocator,
      seconds: Math.round((Date.now() - started) / 1000),
      longestAttemptMs: Math.max(0, ...[...attempts.values()].flat()),
      internalErrorLogs: worker.logs.filter((line) => String(line['code'] ?? '') === 'INTERNAL_ERROR').length,
    };
    // eslint-disable-next-line no-console -- the numbers are the suite's report (docs/development.md, "Fuzz suite")
    console.log(`fuzz summary ${JSON.stringify(summary)}`);
    expect(problems).toEqual([]);
    expect(worker.child.exitCode).toBeNull();
    expect(worker.logs.filter(isEvent('worker.started'))).toHaveLength(1);
    expect(peakRssMb).toBeLessThan(MAX_RSS_MB);
  },
  SUITE_DEADLINE_MS + 40_000,
);

/** Per job, how long each attempt took, from the worker's own log (pino's `time`). */
function attemptDurations(child: ChildWorker): Map<string, number[]> {
  const open = new Map<string, number>();
  const out = new Map<string, number[]>();
  for (const line of child.logs) {
    const jobId = line.jobId;
    const time = Date.parse(String(line['time']));
    if (!jobId || !Number.isFinite(time)) continue;
    if (line.event === 'job.started') open.set(jobId, time);
    else if (line.event && ATTEMPT_ENDS.has(line.event) && open.has(jobId)) {
      out.set(jobId, [...(out.get(jobId) ?? []), time - open.get(jobId)!]);
      open.delete(jobId);
    }
  }
  return out;
}
