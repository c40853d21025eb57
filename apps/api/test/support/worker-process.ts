import { spawn, type ChildProcess } from 'node:child_process';
import type { Server } from 'node:http';
import { join } from 'node:path';
import { JobQueue, createRedisConnection, queueOwnerKey } from '@docformat/queue';
import type { TestApp } from '../test-app';

const REPO_ROOT = join(__dirname, '../../../..');

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
  const child = spawn(process.execPath, ['-r', '@swc-node/register', 'apps/worker/src/main.ts'], {
    cwd: REPO_ROOT,
    // The worker's sources resolve the @docformat/* aliases through this tsconfig.
    env: { ...process.env, SWC_NODE_PROJECT: join(REPO_ROOT, 'tsconfig.base.json'), LOG_LEVEL: 'info', ...env },
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

/** Ends the worker and the origin, empties the run's own queue and releases its prefix, then the API. */
export async function stopEndToEnd(
  t: TestApp | undefined,
  worker: WorkerProcess | undefined,
  origin: Server | undefined,
  queuePrefix: string,
): Promise<void> {
  worker?.child.kill('SIGKILL');
  await new Promise<void>((resolve) => (origin ? origin.close(() => resolve()) : resolve()));
  if (!t) return;
  await t.app.get(JobQueue).removeAll();
  const redis = createRedisConnection(t.config.REDIS_URL, 'consumer'); // queues commands until connected
  await redis.del(queueOwnerKey(queuePrefix));
  await redis.quit();
  await t.close();
}
