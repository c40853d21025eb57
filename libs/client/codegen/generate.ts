import { writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { clientSource } from './client-source';
import { GENERATED_FILE } from './generated-file';
import { loadOpenApiDocument } from './openapi-document';

/**
 * `npm run client:generate [-- <API base URL>]`: writes the client's types from the
 * API's OpenAPI document (built from the sources, or fetched from a running API).
 * `--print` writes them to stdout instead, for the test that compares them with the
 * committed file (openapi-typescript loads ES modules, which Jest cannot).
 */
async function main(args: string[]): Promise<void> {
  const print = args.includes('--print');
  const apiUrl = args.find((arg) => arg !== '--print');
  const source = await clientSource(await loadOpenApiDocument(apiUrl));
  if (print) {
    process.stdout.write(source);
    return;
  }
  writeFileSync(GENERATED_FILE, source);
  process.stdout.write(`client:generate: wrote ${relative(process.cwd(), GENERATED_FILE)}\n`);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(`client:generate: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
