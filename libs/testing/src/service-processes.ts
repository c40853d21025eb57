import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { freePort } from './free-port';
import { RUN_TYPESCRIPT } from './typescript-sources';
import { waitFor } from './wait';

// The API and the worker as separate processes from their TypeScript sources, for
// end-to-end tests of any project (the api's, the client's, the CLI's).
const REPO_ROOT = join(__dirname, '../../..');

export interface ApiProcess {
  child: ChildProcess;
  url: string;
  stop(): Promise<void>;
}

/**
 * An API, as another machine would run it: its own process from the sources,
 * with this process's test environment plus `env`, listening on a free loopback port.
 * Resolves once its /health answers 200; rejects with its stderr if it exits first.
 */
export async function startApiProcess(env: NodeJS.ProcessEnv = {}): Promise<ApiProcess> {
  const port = await freePort('127.0.0.1');
  const child = spawn(process.execPath, [...RUN_TYPESCRIPT, 'apps/api/src/main.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      API_PROCESSES: '1',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`The API exited (${code}): ${stderr.slice(-2000)}`))),
  );
  exited.catch(() => undefined);
  const healthy = await Promise.race([exited, waitFor(async () => (await fetch(`${url}/health`)).status === 200, 60_000)]);
  if (!healthy) {
    child.kill('SIGKILL');
    throw new Error(`The API did not answer /health within 60 s: ${stderr.slice(-2000)}`);
  }
  return {
    child,
    url,
    stop: async () => {
      if (child.exitCode !== null) return;
      const gone = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await gone;
    },
  };
}

export interface WorkerProcess {
  child: ChildProcess;
  /** Every `event` the worker has logged so far, in order. */
  events: string[];
}

/**
 * A real worker process from the sources, beside the API under test: the same
 * environment as this process (see setup-env.ts) plus `env`. Resolves once it has
 * logged every one of `readyEvents`; rejects with its stderr if it exits first.
 */
export async function startWorkerProcess(env: NodeJS.ProcessEnv, readyEvents: string[] = ['worker.started']): Promise<WorkerProcess> {
  const child = spawn(process.execPath, [...RUN_TYPESCRIPT, 'apps/worker/src/main.ts'], {
    cwd: REPO_ROOT,
    env: { ...process.env, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const events: string[] = [];
  let stderr = '';
  let buffered = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      buffered += chunk.toString('utf8');
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) {
        const event = /"event":"([^"]+)"/.exec(line)?.[1];
        if (event) events.push(event);
      }
      if (readyEvents.every((event) => events.includes(event))) resolve();
    });
    child.once('exit', (code) => reject(new Error(`The worker exited (${code}) before it started: ${stderr.slice(-2000)}`)));
  });
  return { child, events };
}
