import { createPrismaClient, databaseName, readDatabaseIdentity } from '@docformat/db';
import { createRedisConnection, queueOwnerKey } from '@docformat/queue';
import { RUN_TYPESCRIPT } from '@docformat/testing/typescript';
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { startTestApp } from './test-app';

const REPO_ROOT = join(__dirname, '../../..');
const redis = createRedisConnection(process.env['REDIS_URL'] as string, 'consumer');
const prefix = `${process.env['QUEUE_PREFIX']}-owner-${process.pid}`;

afterAll(async () => {
  await redis.del(queueOwnerKey(prefix), queueOwnerKey(`${prefix}-fresh`));
  redis.disconnect();
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Runs the API as `node main.js` would (from the sources) until it exits, or gives up after `timeoutMs`. */
async function runApi(env: NodeJS.ProcessEnv, timeoutMs = 30_000): Promise<{ code: number | null; stderr: string }> {
  const port = String(await freePort());
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...RUN_TYPESCRIPT, 'apps/api/src/main.ts'], {
      cwd: REPO_ROOT,
      env: { ...process.env, PORT: port, LOG_LEVEL: 'info', ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    });
  });
}

describe('an API whose QUEUE_PREFIX is bound to another database', () => {
  it('refuses to start, naming both databases and the fix', async () => {
    // Another deployment (its own database) already uses this prefix on this Redis.
    await redis.set(queueOwnerKey(prefix), JSON.stringify({ id: randomUUID(), database: 'docformat_bench' }));
    const run = await runApi({ QUEUE_PREFIX: prefix });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('The API could not start');
    expect(run.stderr).toContain('"docformat_bench"');
    expect(run.stderr).toContain(`"${databaseName(process.env['DATABASE_URL'] as string)}"`);
    expect(run.stderr).toMatch(/own QUEUE_PREFIX/);
  }, 40_000);

  it('records its own database under a prefix nobody owns yet, and starts', async () => {
    const t = await startTestApp({ QUEUE_PREFIX: `${prefix}-fresh` });
    try {
      const prisma = createPrismaClient(process.env['DATABASE_URL'] as string, 1);
      const identity = await readDatabaseIdentity(prisma);
      await prisma.$disconnect();
      expect(JSON.parse((await redis.get(queueOwnerKey(`${prefix}-fresh`))) as string)).toMatchObject(identity);
      expect((await t.http().get('/health')).status).toBe(200);
    } finally {
      await t.close();
    }
  });
});
