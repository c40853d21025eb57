import { RUN_TYPESCRIPT } from '@docformat/testing/typescript';
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

const REPO_ROOT = join(__dirname, '../../../..');

export type LogLine = Record<string, unknown> & { event?: string; jobId?: string };

export interface ChildWorker {
  readonly child: ChildProcess;
  readonly logs: LogLine[];
  /** Resolves with the first log line matching, waiting at most `timeoutMs`. */
  waitForLog(match: (line: LogLine) => boolean, what: string, timeoutMs?: number): Promise<LogLine>;
  /** What it wrote to stderr so far (a refused start explains itself there). */
  stderr(): string;
  /** Resolves when the process has exited. */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Kills it if still running (test clean-up). */
  stop(): Promise<void>;
}

/**
 * Runs the worker exactly as `node main.js` would, from the TypeScript sources, as
 * a separate process the test can kill. Its conversion threads inherit the
 * flag that runs the sources (RUN_TYPESCRIPT).
 */
export function spawnWorker(env: NodeJS.ProcessEnv): ChildWorker {
  const child = spawn(process.execPath, [...RUN_TYPESCRIPT, 'apps/worker/src/main.ts'], {
    cwd: REPO_ROOT,
    env: { ...process.env, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: LogLine[] = [];
  const waiters = new Set<() => void>();
  let buffered = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    buffered += chunk.toString('utf8');
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const line of lines) {
      try {
        logs.push(JSON.parse(line) as LogLine);
      } catch {
        logs.push({ raw: line });
      }
    }
    for (const wake of waiters) wake();
  });
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => {
      for (const wake of waiters) wake();
      resolve({ code, signal });
    }),
  );

  const waitForLog = (match: (line: LogLine) => boolean, what: string, timeoutMs = 20_000) =>
    new Promise<LogLine>((resolve, reject) => {
      const check = () => {
        const found = logs.find(match);
        if (found) return finish(() => resolve(found));
        if (child.exitCode !== null || child.signalCode !== null) {
          finish(() => reject(new Error(`Worker exited before logging ${what}. stderr: ${stderr.slice(-2000)}`)));
        }
      };
      const timer = setTimeout(
        () => finish(() => reject(new Error(`Worker did not log ${what} within ${timeoutMs} ms. stderr: ${stderr.slice(-2000)}`))),
        timeoutMs,
      );
      const finish = (settle: () => void) => {
        clearTimeout(timer);
        waiters.delete(check);
        settle();
      };
      waiters.add(check);
      check();
    });

  return {
    child,
    logs,
    waitForLog,
    stderr: () => stderr,
    exited,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}

export function isEvent(event: string, jobId?: string): (line: LogLine) => boolean {
  return (line) => line.event === event && (jobId === undefined || line.jobId === jobId);
}
