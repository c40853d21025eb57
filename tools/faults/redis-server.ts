import { spawn, type ChildProcess } from 'node:child_process';
import { Redis } from 'ioredis';
import { freePort } from '@docformat/testing';
import { waitFor } from '@docformat/testing';

/** A redis-server of the suite's own, without persistence, so FLUSHALL hurts nobody else. */
export interface RedisServer {
  readonly url: string;
  flushAll(): Promise<void>;
  stop(): Promise<void>;
}

export async function startRedisServer(): Promise<RedisServer> {
  const port = await freePort();
  const child: ChildProcess = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--protected-mode', 'yes'],
    { stdio: 'ignore' },
  );
  const url = `redis://127.0.0.1:${port}`;
  const admin = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1, retryStrategy: () => 200 });
  admin.on('error', () => undefined);
  const up = await waitFor(async () => {
    if (admin.status !== 'ready') await admin.connect().catch(() => undefined);
    return (await admin.ping()) === 'PONG';
  }, 10_000);
  if (!up) throw new Error(`redis-server did not start on port ${port}`);
  return {
    url,
    flushAll: async () => {
      await admin.flushall();
    },
    stop: async () => {
      admin.disconnect();
      if (child.exitCode === null) {
        child.kill('SIGKILL');
        await new Promise((resolve) => child.once('exit', resolve));
      }
    },
  };
}
