import 'reflect-metadata';
import { loadConfigOrExit } from '@docformat/config';
import { QueuePrefixConflictError } from '@docformat/queue';
import { installSignalHandlers } from './shutdown/signal-handlers';
import { createWorkerApp } from './worker.factory';
import { releaseYoungGenerationFlag } from './young-generation';

releaseYoungGenerationFlag();

async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const app = await createWorkerApp(config);
  installSignalHandlers(app, config.SHUTDOWN_GRACE_MS);
}

main().catch((error: unknown) => {
  // A refused start is a configuration problem: its message is the whole story.
  const shown =
    error instanceof QueuePrefixConflictError ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error);
  process.stderr.write(`The worker could not start: ${shown}\n`);
  process.exit(1);
});
