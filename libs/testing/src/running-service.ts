import { ApiTokenRepository, createPrismaClient } from '@docformat/db';
import { startApiProcess, startWorkerProcess, type ApiProcess, type WorkerProcess } from './service-processes';

/** The whole service as a user runs it: an API process and a worker process on the test environment. */
export interface RunningService {
  /** The API's base URL (loopback, a free port). */
  url: string;
  api: ApiProcess;
  worker: WorkerProcess;
  /** A new client's token, as `npm run token -- create <name>` makes it. */
  newToken(name: string): Promise<string>;
  /** Ends the worker and the API. */
  stop(): Promise<void>;
}

/**
 * Starts the API and a worker from their sources, sharing this process's test
 * environment (DATABASE_URL, REDIS_URL, QUEUE_PREFIX) plus `env` (both get it, so a
 * setting such as FETCH_ALLOW_PRIVATE applies to either side that reads it).
 */
export async function startRunningService(env: NodeJS.ProcessEnv = {}): Promise<RunningService> {
  const [api, worker] = await Promise.all([startApiProcess(env), startWorkerProcess({ LOG_LEVEL: 'info', ...env })]);
  const prisma = createPrismaClient(process.env['DATABASE_URL'] ?? '', 1);
  const tokens = new ApiTokenRepository(prisma);
  return {
    url: api.url,
    api,
    worker,
    newToken: async (name) => (await tokens.create(name)).token,
    stop: async () => {
      worker.child.kill('SIGKILL');
      await api.stop();
      await prisma.$disconnect();
    },
  };
}
