import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { join } from 'node:path';

export const REPO_ROOT = join(__dirname, '../../../..');

export interface BuiltProcess {
  readonly child: ChildProcess;
  readonly logPath: string;
  readonly running: boolean;
  /** Sends `signal` and waits for the exit; SIGKILL after `graceMs`. */
  stop(signal?: NodeJS.Signals, graceMs?: number): Promise<void>;
}

/**
 * One built app (`node dist/...`) with its stdout and stderr going straight to a
 * file: under load the API logs thousands of lines a second, and reading them here
 * would take CPU from the process being measured.
 */
export function startBuiltProcess(script: string, env: NodeJS.ProcessEnv, logPath: string, nodeArgs: string[] = []): BuiltProcess {
  const log = openSync(logPath, 'a');
  const child = spawn(process.execPath, [...nodeArgs, join(REPO_ROOT, script)], {
    cwd: REPO_ROOT,
    env: { PATH: process.env['PATH'], ...env },
    stdio: ['ignore', log, log],
  });
  closeSync(log);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const running = () => child.exitCode === null && child.signalCode === null;
  return {
    child,
    logPath,
    get running() {
      return running();
    },
    async stop(signal = 'SIGTERM', graceMs = 15_000) {
      if (!running()) return;
      child.kill(signal);
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
}
