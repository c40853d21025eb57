/**
 * API benchmark: the built API (`dist/api`, built first when missing or with
 * `--build`) against a throwaway database and a queue prefix of its own on the local
 * Postgres and Redis, driven by wrk on loopback. Prints req/s, p50 and p99 for
 * `POST /format`, `GET /job/{id}` of a job just created (the light answer) and of a
 * COMPLETED job with a 20-page markdown output inline (the heavy one), and `GET /health`
 * beside the targets; then round trips through one built worker: one-page jobs
 * submitted one at a time and polled every 5 ms, p50/p90 from the POST to seeing
 * COMPLETED, once with `cache: false` (every job converts) and once answered by the
 * result cache (the same document again), each its own row.
 *
 *   npm run bench:api
 *   npm run bench:api -- --duration 20 --connections 64 --processes 2
 *   npm run bench:api -- --no-round-trip --phases post --profile
 *
 * Options: --duration S (per endpoint, default 10), --connections N (64),
 * --processes N (API_PROCESSES; default: the API's own default, the core count),
 * --threads N (wrk threads, 1), --phases health,post,get,get-completed (all), --no-round-trip,
 * --round-trips N (50), --profile (the API runs with --cpu-prof; the .cpuprofile
 * files are kept and named), --build. A report, not a gate: it exits 0 unless
 * something broke. Logs of the API and worker stay in the temp dir it names.
 * Settings of the API and worker (API_PROCESSES, TOKEN_CACHE_SECONDS, LOG_LEVEL, …)
 * pass through from the environment; the database, Redis prefix and port are its own.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { createThrowawayDatabase, freePort, runScript, waitFor, type ScriptRun } from '@docformat/testing';
import { API_MAIN, clearQueue, createToken, ensureBuilt, WORKER_MAIN } from './support/bench-service';
import { REPO_ROOT, startBuiltProcess, type BuiltProcess } from './support/built-process';
import { measureRoundTrips, medianStages, percentile, startOnePageOrigin, startOrigin } from './support/round-trip';
import { CpuMeter, type CpuUsage } from './support/cpu-usage';
import { runWrk, type LoadResult } from './support/wrk';

const HARD_LIMIT_MS = 20 * 60_000;
const GET_IDS = 2000;
/** COMPLETED jobs the heavy GET phase reads, each with the same 20-page markdown output. */
const COMPLETED_IDS = 20;
/** The heavy answer's document: 20 pages of a 100-page report (tables, lists, headings), as markdown. */
const TWENTY_PAGES = { fixture: 'libs/converters/fixtures/extraction/hundred-pages.pdf', pages: '1-20' };
const WARM_UP_SECONDS = 3;

const TARGETS = {
  post: { rps: 3000, p99Ms: 50 },
  get: { rps: 10_000 },
  roundTripP50Ms: 20,
};

const out = (line: string) => process.stdout.write(`${line}\n`);

function option(name: string): string | undefined {
  const at = process.argv.indexOf(name);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

function intOption(name: string, fallback: number): number {
  const raw = option(name);
  const value = raw === undefined ? fallback : Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a whole number of at least 1 (got "${raw}")`);
  return value;
}

type Phase = 'health' | 'post' | 'get' | 'get-completed';

interface Row {
  label: string;
  result: LoadResult;
  cpu: CpuUsage;
  target: string;
}

const cpuCell = (cpu: CpuUsage) => [cpu.api, cpu.postgres, cpu.redis, cpu.wrk, cpu.other].map((n) => Math.round(n)).join(' / ');

function table(rows: Row[], connections: number): string[] {
  const header = [
    'endpoint',
    'conns',
    'req/s',
    'p50 ms',
    'p99 ms',
    'non-2xx',
    'socket err',
    'API CPU ms/req',
    'CPU % api / pg / redis / wrk / other',
    'target',
  ];
  const cells = rows.map(({ label, result, cpu, target }) => [
    label,
    String(connections),
    Math.round(result.requestsPerSecond).toLocaleString('en-US'),
    result.p50Ms.toFixed(1),
    result.p99Ms.toFixed(1),
    String(result.non2xx),
    String(result.socketErrors),
    // CPU the API spent per request: steadier than req/s on a machine shared with other work.
    result.requestsPerSecond > 0 ? ((cpu.api * 10) / result.requestsPerSecond).toFixed(2) : '-',
    cpuCell(cpu),
    target,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((row) => (row[i] as string).length)));
  const line = (row: string[]) =>
    `| ${row.map((cell, i) => (i === 0 || i >= 8 ? cell.padEnd(widths[i] as number) : cell.padStart(widths[i] as number))).join(' | ')} |`;
  return [
    line(header),
    `|${widths.map((w, i) => (i === 0 || i >= 8 ? `-${'-'.repeat(w)}-` : `-${'-'.repeat(w)}:`)).join('|')}|`,
    ...cells.map(line),
  ];
}

/** Job ids for the GET phases, created through the API (16 requests at a time). */
async function createJobs(
  apiUrl: string,
  token: string,
  documentUrl: string,
  count: number,
  format: object = { type: ['text', 'markdown'] },
): Promise<string[]> {
  const ids: string[] = [];
  const body = JSON.stringify({ file: documentUrl, format });
  const one = async () => {
    const res = await fetch(`${apiUrl}/format`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body,
    });
    if (res.status !== 202) throw new Error(`POST /format answered ${res.status}: ${await res.text()}`);
    ids.push(((await res.json()) as { id: string }).id);
  };
  while (ids.length < count) await Promise.all(Array.from({ length: Math.min(16, count - ids.length) }, one));
  return ids;
}

/** The jobs' statuses, from Postgres. */
async function jobStatuses(databaseUrl: string, ids: readonly string[]): Promise<string[]> {
  const pg = new Client({ connectionString: databaseUrl });
  await pg.connect();
  try {
    return (await pg.query<{ status: string }>('SELECT status FROM jobs WHERE id = ANY($1::uuid[])', [ids])).rows.map((row) => row.status);
  } finally {
    await pg.end();
  }
}

async function main(run: ScriptRun): Promise<number> {
  const duration = intOption('--duration', 10);
  const connections = intOption('--connections', 64);
  const threads = intOption('--threads', 1);
  const roundTrips = intOption('--round-trips', 50);
  const processes = option('--processes') ?? (process.env['API_PROCESSES'] || undefined);
  const phases = (option('--phases') ?? 'health,post,get,get-completed').split(',') as Phase[];
  const roundTrip = !process.argv.includes('--no-round-trip');
  const profile = process.argv.includes('--profile');

  ensureBuilt(process.argv.includes('--build'), out);
  const logDir = mkdtempSync(join(tmpdir(), 'docformat-bench-api-'));
  out(`logs: ${logDir}`);

  const database = await createThrowawayDatabase('bench_api');
  run.cleanups.push(() => database.drop());
  const redisUrl = process.env['REDIS_URL'] || 'redis://127.0.0.1:6379';
  const queuePrefix = `docformat-bench-api-${process.pid}`;
  run.cleanups.push(() => clearQueue(redisUrl, queuePrefix, true));
  // Settings of the API and worker (TOKEN_CACHE_SECONDS, LOG_LEVEL, …) pass through from this environment.
  const common: NodeJS.ProcessEnv = {
    LOG_LEVEL: 'info',
    ...process.env,
    DATABASE_URL: database.url,
    REDIS_URL: redisUrl,
    QUEUE_PREFIX: queuePrefix,
  };
  const token = createToken(common, 'bench-api');

  const origin = await startOnePageOrigin();
  run.cleanups.push(() => origin.close());
  const port = await freePort('0.0.0.0');
  const apiUrl = `http://127.0.0.1:${port}`;
  const apiEnv = { ...common, PORT: String(port), ...(processes ? { API_PROCESSES: processes } : {}) };
  const nodeArgs = profile ? ['--cpu-prof', `--cpu-prof-dir=${join(logDir, 'profiles')}`] : [];
  const api = startBuiltProcess(API_MAIN, apiEnv, join(logDir, 'api.log'), nodeArgs);
  run.cleanups.push(() => api.stop());
  if (!(await waitFor(async () => (await fetch(`${apiUrl}/health`)).status === 200, 60_000, 100))) {
    throw new Error(`the API did not become healthy (see ${api.logPath})`);
  }
  const apiProcesses = processes ?? `${availableParallelism()} (default)`;
  out(
    `API on ${apiUrl}, API_PROCESSES=${apiProcesses}, wrk ${threads} thread(s), ${connections} connections, ${duration} s per endpoint after a ${WARM_UP_SECONDS} s warm-up`,
  );

  const wrkEnv = { BENCH_TOKEN: token, BENCH_BODY: JSON.stringify({ file: origin.url, format: { type: 'markdown' } }) };
  const meter = new CpuMeter(api.child.pid as number);
  const load = async (path: string, script?: 'post-format.lua' | 'get-job.lua', env: NodeJS.ProcessEnv = {}) => {
    const base = { url: `${apiUrl}${path}`, connections, threads, script, env: { ...wrkEnv, ...env } };
    await runWrk({ ...base, durationSeconds: WARM_UP_SECONDS });
    const before = meter.sample();
    const result = await runWrk({ ...base, durationSeconds: duration });
    return { result, cpu: meter.usage(before, meter.sample()) };
  };

  const rows: Row[] = [];
  if (phases.includes('post')) {
    rows.push({
      label: 'POST /format',
      ...(await load('/format', 'post-format.lua')),
      target: `≥ ${TARGETS.post.rps.toLocaleString('en-US')}/s, p99 ≤ ${TARGETS.post.p99Ms} ms`,
    });
  }
  if (phases.includes('get')) {
    const idsFile = join(logDir, 'job-ids.txt');
    writeFileSync(idsFile, (await createJobs(apiUrl, token, origin.url, GET_IDS)).join('\n'));
    rows.push({
      label: 'GET /job/{id} CREATED',
      ...(await load('/job/_', 'get-job.lua', { BENCH_IDS_FILE: idsFile })),
      target: `≥ ${TARGETS.get.rps.toLocaleString('en-US')}/s`,
    });
  }
  if (phases.includes('health')) rows.push({ label: 'GET /health', ...(await load('/health')), target: '(none)' });
  if (rows.length > 0) {
    out('');
    for (const line of table(rows, connections)) out(line);
    out('CPU: % of one core during the measured run (200 = both cores); "other" is everything else on the machine, this script included.');
  }

  // The worker, for what needs conversions: the heavy GET phase and the round trips. It
  // starts after the load phases, which create thousands of jobs it must not convert.
  let worker: BuiltProcess | undefined;
  const heavy = phases.includes('get-completed');
  if (heavy || roundTrip) {
    const pg = new Client({ connectionString: database.url });
    await pg.connect();
    await pg.query('TRUNCATE jobs CASCADE');
    await pg.end();
    await clearQueue(redisUrl, queuePrefix, false);
    worker = startBuiltProcess(WORKER_MAIN, { ...common, FETCH_ALLOW_PRIVATE: 'true', OCR_THREADS: '1' }, join(logDir, 'worker.log'));
    run.cleanups.push(() => worker?.stop());
    const started = await waitFor(() => readFileSync(worker?.logPath ?? '', 'utf8').includes('"event":"worker.started"'), 60_000, 100);
    if (!started) throw new Error(`the worker did not start (see ${worker.logPath})`);
  }

  if (heavy) {
    const report = await startOrigin('report.pdf', readFileSync(join(REPO_ROOT, TWENTY_PAGES.fixture)), 'application/pdf');
    run.cleanups.push(() => report.close());
    // The first job converts; the others complete from the result cache with the same outputs inline.
    const ids = await createJobs(apiUrl, token, report.url, COMPLETED_IDS, { type: 'markdown', pages: TWENTY_PAGES.pages });
    const completed = await waitFor(
      async () => (await jobStatuses(database.url, ids)).every((status) => status === 'COMPLETED'),
      120_000,
      200,
    );
    if (!completed) throw new Error(`the ${COMPLETED_IDS} twenty-page jobs did not all complete (see ${worker?.logPath})`);
    const answer = await fetch(`${apiUrl}/job/${ids[0]}`, { headers: { Authorization: `Bearer ${token}` } });
    const bytes = (await answer.arrayBuffer()).byteLength;
    const idsFile = join(logDir, 'completed-job-ids.txt');
    writeFileSync(idsFile, ids.join('\n'));
    const row = {
      label: 'GET /job/{id} COMPLETED',
      ...(await load('/job/_', 'get-job.lua', { BENCH_IDS_FILE: idsFile })),
      target: `(none; answer ${(bytes / 1024).toFixed(0)} KiB)`,
    };
    out('');
    for (const line of table([row], connections)) out(line);
    out(
      `  the answer: a COMPLETED job, ${TWENTY_PAGES.pages.replace('1-', '')} pages of ${TWENTY_PAGES.fixture.split('/').pop()} as markdown inline, ${bytes.toLocaleString('en-US')} bytes`,
    );
  }

  if (roundTrip && worker) {
    const logPath = worker.logPath;
    for (const cache of [false, true]) {
      const trips = await measureRoundTrips({
        apiUrl,
        token,
        documentUrl: origin.url,
        jobs: roundTrips,
        pollEveryMs: 5,
        jobTimeoutMs: 30_000,
        cache,
      });
      const times = trips.map((trip) => trip.ms);
      out('');
      out(
        `round trip, ${cache ? 'answered by the result cache (the same document again)' : 'converted (cache: false)'}: ${roundTrips} one-page text jobs, one at a time, polled every 5 ms: ` +
          `p50 ${percentile(times, 50).toFixed(1)} ms, p90 ${percentile(times, 90).toFixed(1)} ms, max ${Math.max(...times).toFixed(1)} ms` +
          (cache ? '' : ` (target p50 ≤ ${TARGETS.roundTripP50Ms} ms)`),
      );
      // Give the async log writers a moment to reach the files.
      await new Promise((resolve) => setTimeout(resolve, 200));
      const logLines = [api.logPath, logPath].flatMap((path) => readFileSync(path, 'utf8').split('\n'));
      out(
        `  median per stage (from the log lines, ms resolution): ${medianStages(trips, logLines)
          .map(({ stage, ms }) => `${stage} ${ms}`)
          .join(', ')}`,
      );
    }
  }

  await worker?.stop();
  await api.stop();
  if (profile) {
    const dir = join(logDir, 'profiles');
    const files = existsSync(dir) ? readdirSync(dir) : [];
    out(
      files.length > 0
        ? `CPU profiles: ${files.map((file) => join(dir, file)).join(', ')}`
        : 'no CPU profile was written (did the API exit by a signal?)',
    );
  }
  return 0;
}

runScript('bench:api', HARD_LIMIT_MS, main);
