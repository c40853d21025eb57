import 'reflect-metadata';
import { loadConfig } from '@docformat/config';
import { createApp } from '../app.factory';
import { buildOpenApiDocument } from '../openapi/openapi';

/**
 * Prints the OpenAPI document that /openapi.json serves, without a server: the app is
 * created but never initialised or listening, so nothing connects to Postgres or Redis.
 * Built from the default configuration, not this shell's, so the document (and the
 * client generated from it, `npm run client:generate`) is the same on every machine.
 */
async function main(): Promise<void> {
  const app = await createApp(loadConfig({ LOG_LEVEL: 'silent' }));
  const document = buildOpenApiDocument(app);
  await app.close();
  process.stdout.write(`${JSON.stringify(document, null, 2)}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`openapi: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
