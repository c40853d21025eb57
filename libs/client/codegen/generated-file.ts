import { join } from 'node:path';
import { runSource } from './run-source';

/** The committed output of `npm run client:generate`. */
export const GENERATED_FILE = join(__dirname, '../src/generated/openapi.ts');

/** What `npm run client:generate` would write now, without writing it (from `apiUrl`'s /openapi.json when given). */
export function regenerate(apiUrl?: string): Promise<string> {
  return runSource('libs/client/codegen/generate.ts', ['--print', ...(apiUrl ? [apiUrl] : [])]);
}
