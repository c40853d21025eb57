import { execFile } from 'node:child_process';
import { join } from 'node:path';

export interface LoadResult {
  requestsPerSecond: number;
  p50Ms: number;
  p90Ms: number;
  p99Ms: number;
  requests: number;
  /** Answers outside 2xx/3xx. */
  non2xx: number;
  /** Connect, read, write errors and time-outs together. */
  socketErrors: number;
}

export interface LoadOptions {
  url: string;
  connections: number;
  durationSeconds: number;
  threads: number;
  /** A script in ./lua, or none for a plain GET. */
  script?: 'post-format.lua' | 'get-job.lua';
  env?: NodeJS.ProcessEnv;
}

const UNIT_MS: Record<string, number> = { us: 0.001, ms: 1, s: 1000, m: 60_000 };

/** "12.34ms", "1.08s", "870.00us" → milliseconds. */
export function toMs(value: string): number {
  const match = /^([\d.]+)(us|ms|s|m)$/.exec(value.trim());
  if (!match) throw new Error(`wrk printed a latency it cannot read: "${value}"`);
  return Number(match[1]) * (UNIT_MS[match[2] as string] as number);
}

/** Reads the summary `wrk --latency` prints (its "Latency Distribution" block and totals). */
export function parseWrkOutput(output: string): LoadResult {
  const percentile = (p: number): number => {
    const match = new RegExp(`^\\s+${p}%\\s+(\\S+)\\s*$`, 'm').exec(output);
    if (!match) throw new Error(`wrk printed no ${p}% latency:\n${output}`);
    return toMs(match[1] as string);
  };
  const rate = /^Requests\/sec:\s+([\d.]+)/m.exec(output);
  const total = /^\s*(\d+) requests in /m.exec(output);
  if (!rate || !total) throw new Error(`wrk printed no totals:\n${output}`);
  const errors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output);
  return {
    requestsPerSecond: Number(rate[1]),
    p50Ms: percentile(50),
    p90Ms: percentile(90),
    p99Ms: percentile(99),
    requests: Number(total[1]),
    non2xx: Number(/Non-2xx or 3xx responses: (\d+)/.exec(output)?.[1] ?? 0),
    socketErrors: errors ? errors.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0,
  };
}

/** Runs wrk (Debian's `wrk` package) against loopback and reads its numbers. */
export function runWrk(options: LoadOptions): Promise<LoadResult> {
  const args = [
    `-t${options.threads}`,
    `-c${options.connections}`,
    `-d${options.durationSeconds}s`,
    '--latency',
    '--timeout',
    '10s',
    ...(options.script ? ['-s', join(__dirname, 'lua', options.script)] : []),
    options.url,
  ];
  return new Promise((resolve, reject) => {
    execFile(
      'wrk',
      args,
      { env: { ...process.env, ...options.env }, timeout: (options.durationSeconds + 30) * 1000 },
      (error, stdout, stderr) => {
        if (error) {
          const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
          reject(new Error(missing ? 'wrk is not installed: apt-get install -y wrk' : `wrk failed: ${stderr || error.message}`));
          return;
        }
        try {
          resolve(parseWrkOutput(stdout));
        } catch (parseError) {
          reject(parseError);
        }
      },
    );
  });
}
