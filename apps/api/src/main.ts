import 'reflect-metadata';
import { loadConfigOrExit } from '@docformat/config';
import { QueuePrefixConflictError } from '@docformat/queue';
import { createApp } from './app.factory';

async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const app = await createApp(config);
  await app.listen(config.PORT, '0.0.0.0');
}

main().catch((error: unknown) => {
  // A refused start (a queue prefix owned by another database, no database) says why, plainly.
  const shown = error instanceof QueuePrefixConflictError ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error);
  process.stderr.write(`The API could not start: ${shown}\n`);
  process.exit(1);
});
