import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';

const REPO_ROOT = join(__dirname, '../../..');

/**
 * Runs a TypeScript entry point of this repository (a path from its root) in a process
 * of its own, as the npm scripts do, and answers what it printed.
 */
export async function runSource(path: string, args: string[] = []): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, ['-r', '@swc-node/register', path, ...args], {
    cwd: REPO_ROOT,
    // The sources resolve the @docformat/* aliases through this tsconfig.
    env: { ...process.env, SWC_NODE_PROJECT: join(REPO_ROOT, 'tsconfig.base.json') },
    maxBuffer: 16 * 1024 * 1024,
  });
  return stdout;
}
