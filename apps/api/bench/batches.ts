/**
 * Batch benchmark: 1,000 one-page jobs submitted as one POST /batches against the same
 * 1,000 submitted one by one with POST /format (16 requests in flight, as a client
 * pipeline would send them), through the built API and built worker processes on a
 * throwaway database and a queue prefix of their own. Every job converts (`cache:
 * false`, each URL distinct), and both ways are timed alike: from the first request to
 * Postgres holding every job COMPLETED, polled every 50 ms. Prints per way the time
 * to submit, the time to the last COMPLETED, jobs/s, and the batch's ratio to one by
 * one measured in the same run; rounds alternate which way goes first.
 *
 *   npm run bench:batches
 *   npm run bench:batches -- --jobs 1000 --rounds 2 --workers 1 --in-flight 16
 *   npm run bench:batches -- --profile   # the API and workers write .cpuprofile files to the log dir
 *
 * A report, not a gate: it exits 0 unless something broke. Logs of the API and
 * workers stay in the temp dir it names.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { MAX_BATCH_FILES } from '@docformat/contracts';
import { createThrowawayDatabase, freePort, runScript, sleep, waitFor, type ScriptRun } from '@docformat/testing';
import { API_MAIN, clearQueue, createToken, ensureBuilt, WORKER_MAIN } from './support/bench-service';
import { startBuiltProcess } from './support/built-process';
import { startOnePageOrigin } from './support/round-trip';

const HARD_LIMIT_MS = 30 * 60_000;
/** Longest a way may take to see every job COMPLETED before the run fails. */
const WAY_TIMEOUT_MS = 10 * 60_000;
const POLL_MS = 50;
const FORMAT = { type: 'markdown', cache: false };

type Way = 'one by one' | 'batch';

interface Timing {
  way: Way;
  round: number;
  submitMs: number;
  totalMs: number;
}

const out = (line: string) => process.stdout.write(`${line}\n`);

function intOption(name: string, fallback: number, max = Number.MAX_SAFE_INTEGER): number {
  const at = process.argv.indexOf(name);
  const raw = at >= 0 ? process.argv[at + 1] : undefined;
  const value = raw === undefined ? fallback : Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > max)
    throw new Error(`${name} must be a whole number from 1 to ${max} (got "${raw}")`);
  return value;
}

interface Submitter {
  apiUrl: string;
  token: string;
  inFlight: number;
}

/** POST /format per URL, `inFlight` at a time: the job ids. */
async function submitOneByOne(urls: readonly string[], s: Submitter): Promise<string[]> {
  const ids: string[] = [];
  let next = 0;
  const lane = async () => {
    while (next < urls.length) {
      const file = urls[next++];
      const res = await fetch(`${s.apiUrl}/format`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${s.token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ file, format: FORMAT }),
      });
      if (res.status !== 202) throw new Error(`POST /format answered ${res.status}: ${await res.text()}`);
      ids.push(((await res.json()) as { id: string }).id);
    }
  };
  await Promise.all(Array.from({ length: s.inFlight }, lane));
  return ids;
}

/** One POST /batches of all the URLs: the job ids, read from Postgres (the answer pages them). */
async function submitBatch(urls: readonly string[], s: Submitter, pg: Client): Promise<string[]> {
  const res = await fetch(`${s.apiUrl}/batches`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${s.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ files: urls, format: FORMAT }),
  });
  if (res.status !== 202) throw new Error(`POST /batches answered ${res.status}: ${await res.text()}`);
  const { id } = (await res.json()) as { id: string };
  return (await pg.query<{ id: string }>('SELECT id FROM jobs WHERE batch_id = $1::uuid', [id])).rows.map((row) => row.id);
}

/** Polls Postgres until every job is COMPLETED; a FAILED one or the timeout fails the run. */
async function untilCompleted(pg: Client, ids: readonly string[]): Promise<void> {
  const deadline = Date.now() + WAY_TIMEOUT_MS;
  for (;;) {
    const { rows } = await pg.query<{ completed: number; failed: number }>(
      `SELECT count(*) FILTER (WHERE status = 'COMPLETED')::int AS completed, count(*) FILTER (WHERE status = 'FAILED')::int AS failed
         FROM jobs WHERE id = ANY($1::uuid[])`,
      [ids],
    );
    const { completed, failed } = rows[0] as { completed: number; failed: number };
    if (failed > 0) throw new Error(`${failed} of ${ids.length} jobs FAILED (see the worker logs)`);
    if (completed === ids.length) return;
    if (Date.now() > deadline) throw new Error(`only ${completed} of ${ids.length} jobs COMPLETED within ${WAY_TIMEOUT_MS / 1000} s`);
    await sleep(POLL_MS);
  }
}

async function measure(way: Way, round: number, jobs: number, documentUrl: string, s: Submitter, pg: Client): Promise<Timing> {
  // Distinct URLs per way and round: no job is the same document as another.
  const urls = Array.from({ length: jobs }, (_, n) => `${documentUrl}?way=${way === 'batch' ? 'batch' : 'single'}&round=${round}&n=${n}`);
  const started = performance.now();
  const ids = way === 'batch' ? await submitBatch(urls, s, pg) : await submitOneByOne(urls, s);
  const submitMs = performance.now() - started;
  if (ids.length !== jobs) throw new Error(`${way}: ${ids.length} jobs made of ${jobs}`);
  await untilCompleted(pg, ids);
  return { way, round, submitMs, totalMs: performance.now() - started };
}

function report(timings: readonly Timing[], jobs: number): void {
  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    const mid = Math.floor(sorted.length / 2);
    return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
  };
  out('');
  out('| way | round | submit s | to last COMPLETED s | jobs/s |');
  out('|---|---:|---:|---:|---:|');
  for (const t of timings)
    out(
      `| ${t.way} | ${t.round} | ${(t.submitMs / 1000).toFixed(2)} | ${(t.totalMs / 1000).toFixed(2)} | ${((jobs * 1000) / t.totalMs).toFixed(0)} |`,
    );
  const of = (way: Way, key: 'submitMs' | 'totalMs') => median(timings.filter((t) => t.way === way).map((t) => t[key]));
  const single = of('one by one', 'totalMs');
  const batch = of('batch', 'totalMs');
  out('');
  out(
    `median over rounds: one by one ${((jobs * 1000) / single).toFixed(0)} jobs/s, batch ${((jobs * 1000) / batch).toFixed(0)} jobs/s: ` +
      `batch throughput ${(single / batch).toFixed(2)}× one by one; submitting ${(of('one by one', 'submitMs') / of('batch', 'submitMs')).toFixed(1)}× faster as a batch`,
  );
}

async function main(run: ScriptRun): Promise<number> {
  const jobs = intOption('--jobs', MAX_BATCH_FILES, MAX_BATCH_FILES);
  const rounds = intOption('--rounds', 2);
  const workers = intOption('--workers', 1, 16);
  const inFlight = intOption('--in-flight', 16, 256);
  ensureBuilt(process.argv.includes('--build'), out);
  const logDir = mkdtempSync(join(tmpdir(), 'docformat-bench-batches-'));
  out(`logs: ${logDir}`);

  const database = await createThrowawayDatabase('bench_batches');
  run.cleanups.push(() => database.drop());
  const redisUrl = process.env['REDIS_URL'] || 'redis://127.0.0.1:6379';
  const queuePrefix = `docformat-bench-batches-${process.pid}`;
  run.cleanups.push(() => clearQueue(redisUrl, queuePrefix, true));
  // No rate limit: one by one sends 1,000 submissions a round, which a limit would pace.
  const common: NodeJS.ProcessEnv = {
    LOG_LEVEL: 'warn',
    ...process.env,
    DATABASE_URL: database.url,
    REDIS_URL: redisUrl,
    QUEUE_PREFIX: queuePrefix,
    RATE_LIMIT_PER_MINUTE: '0',
  };
  const token = createToken(common, 'bench-batches');
  const origin = await startOnePageOrigin();
  run.cleanups.push(() => origin.close());
  const port = await freePort('0.0.0.0');
  const apiUrl = `http://127.0.0.1:${port}`;
  const nodeArgs = process.argv.includes('--profile') ? ['--cpu-prof', `--cpu-prof-dir=${join(logDir, 'profiles')}`] : [];
  const api = startBuiltProcess(API_MAIN, { ...common, PORT: String(port) }, join(logDir, 'api.log'), nodeArgs);
  run.cleanups.push(() => api.stop());
  if (!(await waitFor(async () => (await fetch(`${apiUrl}/health`)).status === 200, 60_000, 100)))
    throw new Error(`the API did not become healthy (see ${api.logPath})`);
  for (let i = 0; i < workers; i++) {
    const worker = startBuiltProcess(
      WORKER_MAIN,
      { ...common, FETCH_ALLOW_PRIVATE: 'true', OCR_THREADS: '1' },
      join(logDir, `worker-${i}.log`),
      nodeArgs,
    );
    run.cleanups.push(() => worker.stop());
  }
  const pg = new Client({ connectionString: database.url });
  await pg.connect();
  run.cleanups.push(() => pg.end());

  const submitter = { apiUrl, token, inFlight };
  out(
    `${jobs} one-page text documents per way, converted to markdown with cache: false; ${workers} worker process(es), ${rounds} round(s)`,
  );
  // A warm-up job: the workers' first conversion loads the converters, which neither way should pay.
  await measure('one by one', 0, 1, origin.url, submitter, pg);
  const timings: Timing[] = [];
  for (let round = 1; round <= rounds; round++) {
    const ways: Way[] = round % 2 ? ['one by one', 'batch'] : ['batch', 'one by one'];
    for (const way of ways) {
      const timing = await measure(way, round, jobs, origin.url, submitter, pg);
      out(`  round ${round}, ${way}: ${(timing.totalMs / 1000).toFixed(2)} s`);
      timings.push(timing);
    }
  }
  report(timings, jobs);
  return 0;
}

runScript('bench:batches', HARD_LIMIT_MS, main);
