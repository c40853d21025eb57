import type { AppConfig } from '@docformat/config';
import { createLogger } from '@docformat/logging';
import cluster, { type Worker } from 'node:cluster';
import { serveClusterMetrics } from './cluster-metrics';
import { ApiSupervisor } from './supervisor';

/** How long API processes get to finish their requests after SIGTERM. */
const STOP_GRACE_MS = 10_000;
/** How long the primary waits for the workers' registries when a scrape comes in. */
const METRICS_COLLECT_TIMEOUT_MS = 2000;

/**
 * The primary of `API_PROCESSES` API processes (node:cluster): it serves no
 * requests and loads neither Nest nor Prisma. The workers share the listening
 * port; start-up work that must happen once is safe when they race (bootstrap
 * tokens are inserted with ON CONFLICT DO NOTHING, the queue prefix is claimed
 * with SET NX), and migrations are a separate command.
 */
export function runPrimary(config: AppConfig): void {
  const logger = createLogger('api', config.LOG_LEVEL).child({ context: 'cluster' });
  const supervisor = new ApiSupervisor<Worker>(
    {
      fork: () => cluster.fork(),
      exit: (code) => process.exit(code),
      schedule: (run, ms) => {
        const timer = setTimeout(run, ms);
        return { cancel: () => clearTimeout(timer) };
      },
      now: () => Date.now(),
      log: (level, fields) => logger[level](fields),
    },
    { processes: config.API_PROCESSES, stopGraceMs: STOP_GRACE_MS },
  );
  cluster.on('listening', (worker) => supervisor.listening(worker));
  cluster.on('exit', (worker, code, signal) => supervisor.exited(worker, code, signal));
  serveClusterMetrics(cluster, METRICS_COLLECT_TIMEOUT_MS);
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => supervisor.stop(signal));
  supervisor.start();
}
