import { ApiTokenRepository, createPrismaClient } from '@docformat/db';
import { holdAtRateLimit } from './rate-window';
import { startApiProcess, startWorkerProcess, type ApiProcess, type WorkerProcess } from './service-processes';

/** The whole service as a user runs it: an API process and a worker process on the test environment. */
export interface RunningService {
  /** The API's base URL (loopback, a free port). */
  url: string;
  api: ApiProcess;
  worker: WorkerProcess;
  /** A new client's token, as `npm run token -- create <name>` makes it. */
  newToken(name: string): Promise<string>;
  /** The same, with the client's id (what the service counts and lists per client). */
  newClient(name: string): Promise<{ token: string; id: string }>;
  /** Has the API's limiter refuse this client's submissions for a few seconds (see rate-window.ts). */
  holdAtRateLimit(clientId: string, limit: number): Promise<void>;
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
    newClient: async (name) => {
      const { token, info } = await tokens.create(name);
      return { token, id: info.id };
    },
    holdAtRateLimit: (clientId, limit) =>
      holdAtRateLimit(process.env['REDIS_URL'] ?? '', process.env['QUEUE_PREFIX'] ?? '', clientId, limit),
    stop: async () => {
      worker.child.kill('SIGKILL');
      await api.stop();
      await prisma.$disconnect();
    },
  };
}
