/**
 * `npm run test:faults`: the built API and two worker processes against a Postgres
 * cluster and a redis-server of the suite's own, a steady stream of jobs, and
 * during it: a worker SIGKILLed mid-conversion and restarted, Redis FLUSHALL, a
 * Postgres restart, the API killed and restarted. Then every accepted job must be
 * COMPLETED with its outputs, exactly once, no 500 answered, nothing unfinished.
 * Loopback only, bounded in time, cleans up after itself. Exit code 0 = passed.
 */
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { freePort, runScript, type ScriptRun, sleep, waitFor } from '@docformat/testing';
import { startOrigin, type Origin } from './origin';
import { startPostgresCluster, type PostgresCluster } from './postgres-cluster';
import { startRedisServer, type RedisServer } from './redis-server';
import { ServiceProcess } from './service-process';
import { Traffic } from './traffic';
import { unfinishedCount, verify } from './verify';

const REPO_ROOT = join(__dirname, '../..');
const API_MAIN = 'dist/api/apps/api/src/main.js';
const WORKER_MAIN = 'dist/worker/apps/worker/src/main.js';
const MIGRATE = 'dist/api/apps/api/src/cli/migrate.js';
const TOKEN = 'faults-suite-token-0123456789abcdef';

/** The whole run, set-up to clean-up, must stay under five minutes. */
const HARD_LIMIT_MS = 290_000;
const SUBMIT_EVERY_MS = 150;
const POLL_EVERY_MS = 100;
/** Seconds between faults: long enough for the system to settle in between. */
const FAULT_SPACING_MS = 9_000;
const DRAIN_LIMIT_MS = 120_000;

const out = (line: string) => process.stdout.write(`${line}\n`);

interface Fault {
  name: string;
  atMs: number;
  detail: string;
}

async function main({ cleanups }: ScriptRun): Promise<number> {
  for (const file of [API_MAIN, WORKER_MAIN, MIGRATE]) {
    if (!existsSync(join(REPO_ROOT, file))) throw new Error(`${file} is missing: run \`npm run build\` first`);
  }
  const began = Date.now();
  const logDir = mkdtempSync(join(tmpdir(), 'docformat-faults-logs-'));
  out(`logs: ${logDir}`);
  const pg: PostgresCluster = await startPostgresCluster();
  cleanups.push(() => pg.stop());
  const redis: RedisServer = await startRedisServer();
  cleanups.push(() => redis.stop());
  const origin: Origin = await startOrigin();
  cleanups.push(() => origin.close());
  out(`postgres :${pg.port}, redis ${redis.url}`);

  const databaseUrl = pg.url('docformat');
  const apiPort = await freePort();
  const common: NodeJS.ProcessEnv = {
    DATABASE_URL: databaseUrl,
    REDIS_URL: redis.url,
    QUEUE_PREFIX: 'docformat-faults',
    FETCH_ALLOW_PRIVATE: 'true',
    LOG_LEVEL: 'info',
  };
  execFileSync(process.execPath, [join(REPO_ROOT, MIGRATE)], {
    cwd: REPO_ROOT,
    env: { PATH: process.env['PATH'], ...common },
    stdio: 'ignore',
  });

  const api = new ServiceProcess('api', API_MAIN, { ...common, PORT: String(apiPort), API_TOKENS: TOKEN }, join(logDir, 'api.log'));
  const workerEnv = {
    ...common,
    WORKER_CONCURRENCY: '2',
    // Short locks and sweeps: a killed worker's jobs and flushed entries come back within seconds.
    JOB_LOCK_MS: '4000',
    SWEEP_INTERVAL_MS: '2000',
    SHUTDOWN_GRACE_MS: '5000',
    OCR_THREADS: '1',
  };
  const workers = [1, 2].map((n) => new ServiceProcess(`worker-${n}`, WORKER_MAIN, workerEnv, join(logDir, `worker-${n}.log`)));
  const services = [api, ...workers];
  cleanups.push(async () => {
    for (const service of services) await service.close();
  });
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  const apiUp = () => waitFor(async () => (await fetch(`${apiUrl}/health`)).status === 200, 30_000);
  api.start();
  for (const worker of workers) worker.start();
  if (!(await apiUp())) throw new Error('The API did not become healthy');
  for (const worker of workers) await worker.waitForLog((line) => line.event === 'worker.started', 60_000);
  out(`up after ${((Date.now() - began) / 1000).toFixed(1)} s`);

  const traffic = new Traffic(apiUrl, TOKEN, origin);
  const trafficStarted = Date.now();
  const faults: Fault[] = [];
  const fault = (name: string, detail: string) => {
    faults.push({ name, atMs: Date.now() - trafficStarted, detail });
    out(`  +${((Date.now() - trafficStarted) / 1000).toFixed(1)} s  ${name}: ${detail}`);
  };
  traffic.start(SUBMIT_EVERY_MS, POLL_EVERY_MS);
  await sleep(FAULT_SPACING_MS / 2);

  // 1. A worker dies mid-conversion (SIGKILL: no shutdown, its locks simply lapse).
  const victim = workers[0] as ServiceProcess;
  await waitFor(() => victim.inFlight().length > 0, 20_000, 20);
  const inFlight = victim.inFlight();
  await victim.kill('SIGKILL');
  fault('worker SIGKILL', `worker-1 killed with ${inFlight.length} job(s) in flight`);
  await sleep(2000);
  victim.start();
  await victim.waitForLog((line) => line.event === 'worker.started', 60_000);
  fault('worker restart', 'worker-1 consuming again');
  await sleep(FAULT_SPACING_MS);

  // 2. Redis loses everything: queued entries, running entries' keys, the prefix owner.
  await redis.flushAll();
  fault('redis FLUSHALL', 'every key gone');
  await sleep(FAULT_SPACING_MS);

  // 3. Postgres restarts: connections terminated (57P01), refused while it is down.
  const pgStarted = Date.now();
  await pg.restart(3000);
  fault('postgres restart', `stopped (-m fast), down for ${Date.now() - pgStarted} ms, started`);
  await sleep(FAULT_SPACING_MS);

  // 4. The API dies and comes back.
  await api.kill('SIGKILL');
  fault('api SIGKILL', 'API killed');
  await sleep(1000);
  api.start();
  if (!(await apiUp())) throw new Error('The API did not come back');
  fault('api restart', 'API healthy again');
  await sleep(FAULT_SPACING_MS);

  await traffic.stop();
  const trafficMs = Date.now() - trafficStarted;
  out(`traffic stopped after ${(trafficMs / 1000).toFixed(1)} s: ${traffic.report.accepted.length} accepted; draining`);
  const drained = await waitFor(async () => (await unfinishedCount(databaseUrl)) === 0, DRAIN_LIMIT_MS, 500);
  const drainMs = Date.now() - trafficStarted - trafficMs;

  const workerLogs = workers.flatMap((worker) => worker.logs);
  const verdict = await verify(databaseUrl, traffic.report.accepted, workerLogs);
  const failures = [...verdict.failures];
  if (!drained) failures.push(`the jobs did not drain within ${DRAIN_LIMIT_MS / 1000} s`);
  for (const error of traffic.report.serverErrors) failures.push(`${error.request} answered ${error.status}: ${error.body}`);
  if (traffic.report.accepted.length < 100) failures.push(`only ${traffic.report.accepted.length} jobs were accepted`);
  const alarming = services.flatMap((s) => s.logs).filter((line) => line.level === 'error' || line.level === 'fatal');

  const report = {
    passed: failures.length === 0,
    durationS: Number(((Date.now() - began) / 1000).toFixed(1)),
    trafficS: Number((trafficMs / 1000).toFixed(1)),
    drainS: Number((drainMs / 1000).toFixed(1)),
    submitted: traffic.report.submitted,
    accepted: traffic.report.accepted.length,
    acceptedWith503: traffic.report.accepted.filter((job) => job.answer === 503).length,
    completed: verdict.completed,
    attempts: verdict.attempts,
    answers: traffic.report.statuses,
    unreachable: traffic.report.unreachable,
    polls: traffic.report.polls,
    faults: faults.map((f) => `${(f.atMs / 1000).toFixed(1)}s ${f.name}`),
    errorLogLines: alarming.length,
    errorEvents: [...new Set(alarming.map((line) => String(line.event ?? line['msg'])))],
    failures: failures.slice(0, 30),
    logs: logDir,
  };
  out(JSON.stringify(report, null, 2));
  out(report.passed ? 'PASSED' : `FAILED (${failures.length} problem(s))`);
  return report.passed ? 0 : 1;
}

runScript('test:faults', HARD_LIMIT_MS, main);
