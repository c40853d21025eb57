import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createRedisConnection, JobQueue, queueOwnerKey } from '@docformat/queue';
import { REPO_ROOT } from './built-process';

export const API_MAIN = 'dist/api/apps/api/src/main.js';
export const WORKER_MAIN = 'dist/worker/apps/worker/src/main.js';
const TOKEN_CLI = 'dist/api/apps/api/src/cli/token.js';

/** Builds the apps (npm run build) when `force` or when a built entry point is missing. */
export function ensureBuilt(force: boolean, say: (line: string) => void): void {
  if (!force && [API_MAIN, WORKER_MAIN, TOKEN_CLI].every((file) => existsSync(join(REPO_ROOT, file)))) return;
  say('building (npm run build) …');
  execFileSync('npm', ['run', 'build'], { cwd: REPO_ROOT, stdio: 'inherit' });
}

/** A new API token from the built token CLI, on the database `env` names. */
export function createToken(env: NodeJS.ProcessEnv, name: string): string {
  const printed = execFileSync(process.execPath, [join(REPO_ROOT, TOKEN_CLI), 'create', name], {
    cwd: REPO_ROOT,
    env: { PATH: process.env['PATH'], ...env },
    encoding: 'utf8',
  });
  const token = printed.split('\n').find((line) => line.startsWith('dft_'));
  if (!token) throw new Error(`the token CLI printed no token:\n${printed}`);
  return token;
}

/** Empties the run's queue and releases its prefix on the shared Redis. */
export async function clearQueue(redisUrl: string, prefix: string, releaseOwner: boolean): Promise<void> {
  const redis = createRedisConnection(redisUrl, 'consumer');
  const queue = new JobQueue(redis, { prefix, maxAttempts: 1 });
  try {
    await queue.removeAll();
    if (releaseOwner) await redis.del(queueOwnerKey(prefix));
  } finally {
    await queue.close();
    redis.disconnect();
  }
}
