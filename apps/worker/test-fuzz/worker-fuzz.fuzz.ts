import { JobErrorCode } from '@docformat/contracts';
import { readFileSync } from 'node:fs';
import { spawnWorker, isEvent, type ChildWorker } from '../test/support/child-worker';
import { filePrefix, startTestClient, testConfig, type TestClient } from '../test/support/harness';
import { startOrigin, type OriginServer } from '../test/support/origin-server';
import { hostileCases, type HostileCase } from './hostile';
import { loadFixtures, makeMutants, type Mutant } from './mutants';

/**
 * Every mutant and hostile document becomes a job for one real worker process (real
 * Postgres and Redis, FETCH_ALLOW_PRIVATE for the loopback origin). What must hold:
 * every job ends (COMPLETED or FAILED) within its limits, no job fails with
 * INTERNAL_ERROR or an undocumented code, hostile cases end as they should, the worker
 * process never dies, and its peak RSS stays under a bound.
 */

const SEED = Number(process.env['FUZZ_SEED'] ?? 20_261_122);
const MUTANTS = Number(process.env['FUZZ_MUTANTS'] ?? 500);
/** Peak resident memory of the worker process: main thread plus two conversion threads. */
const MAX_RSS_MB = Number(process.env['FUZZ_MAX_RSS_MB'] ?? 1536);
const SUITE_DEADLINE_MS = 290_000;

const env = {
  WORKER_CONCURRENCY: process.env['FUZZ_CONCURRENCY'] ?? '2',
  OCR_THREADS: '1',
  // One attempt: a retry queues behind hundreds of mutants and would outlast the suite.
  JOB_MAX_ATTEMPTS: '1',
  FETCH_TIMEOUT_MS: '4000',
  CONVERSION_TIMEOUT_MS: '30000',
  CONVERSION_MAX_MEMORY_MB: '512',
  MAX_FILE_BYTES: String(16 * 1024 * 1024),
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
  worker = spawnWorker({ ...env, QUEUE_PREFIX: config.QUEUE_PREFIX, FETCH_ALLOW_PRIVATE: 'true', LOG_LEVEL: 'info' });
  await worker.waitForLog(isEvent('worker.started'), 'worker.started', 60_000);
  sampler = setInterval(() => {
    if (worker.child.pid && worker.child.exitCode === null) peakRssMb = Math.max(peakRssMb, peakRss(worker.child.pid));
  }, 500);
}, 90_000);

afterAll(async () => {
  if (sampler) clearInterval(sampler);
  await worker?.stop();
  await client?.close();
  await origin?.close();
});

it(`converts ${MUTANTS} mutants and the hostile set without a crash, a hang or an undocumented failure`, async () => {
  const started = Date.now();
  const mutants: Mutant[] = makeMutants(loadFixtures(), MUTANTS, SEED);
  const hostile: HostileCase[] = hostileCases(origin, Number(env.MAX_FILE_BYTES));
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
    peakRssMb: Math.round(peakRssMb),
    seconds: Math.round((Date.now() - started) / 1000),
    longestAttemptMs: Math.max(0, ...[...attempts.values()].flat()),
    internalErrorLogs: worker.logs.filter((line) => String(line['code'] ?? '') === 'INTERNAL_ERROR').length,
  };
  // eslint-disable-next-line no-console -- the numbers are the suite's report (README, "Fuzz suite")
  console.log(`fuzz summary ${JSON.stringify(summary)}`);
  expect(problems).toEqual([]);
  expect(worker.child.exitCode).toBeNull();
  expect(worker.logs.filter(isEvent('worker.started'))).toHaveLength(1);
  expect(peakRssMb).toBeLessThan(MAX_RSS_MB);
}, 330_000);

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
