import 'reflect-metadata';
import { loadConfigOrExit } from '@docformat/config';
import { installSignalHandlers } from './shutdown/signal-handlers';
import { createWorkerApp } from './worker.factory';

async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const app = await createWorkerApp(config);
  installSignalHandlers(app, config.SHUTDOWN_GRACE_MS);
}

main().catch((error: unknown) => {
  process.stderr.write(`The worker could not start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
