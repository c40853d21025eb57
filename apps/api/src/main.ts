import 'reflect-metadata';
import { loadConfigOrExit } from '@docformat/config';
import cluster from 'node:cluster';

/**
 * API_PROCESSES > 1: this process becomes the primary and forks that many API
 * processes sharing the port (Node is single-threaded; one process uses one core).
 * Each role's modules are required only in that role, so the primary never loads
 * Nest, Prisma or BullMQ (a dynamic import() would need file extensions that the
 * TypeScript sources, run by the tests, do not have).
 */
async function main(): Promise<void> {
  const config = loadConfigOrExit();
  if (config.API_PROCESSES > 1 && cluster.isPrimary) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded only in this role (see above)
    const { runPrimary } = require('./cluster/primary') as typeof import('./cluster/primary');
    runPrimary(config);
    return;
  }
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded only in this role (see above)
  const { startServer } = require('./server') as typeof import('./server');
  await startServer(config);
}

main().catch((error: unknown) => {
  // A refused start (a queue prefix owned by another database, no database) says why, plainly.
  // By name: importing the class would load BullMQ into the primary too.
  const shown =
    error instanceof Error && error.name === 'QueuePrefixConflictError'
      ? error.message
      : error instanceof Error
        ? (error.stack ?? error.message)
        : String(error);
  process.stderr.write(`The API could not start: ${shown}\n`);
  process.exit(1);
});
