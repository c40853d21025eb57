import { join } from 'node:path';

/** The hook under which the processes and threads tests start run the TypeScript sources (tools/jest/typescript-hook.js). */
export const TYPESCRIPT_HOOK = join(__dirname, '../../../tools/jest/typescript-hook.js');

/** Node's flags for such a process or thread: `node -r <hook> file.ts`. */
export const RUN_TYPESCRIPT: string[] = ['-r', TYPESCRIPT_HOOK];
