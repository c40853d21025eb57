import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The worker as deployments run it, for the benchmarks that measure it: the Node flags
 * of package.json's `start:worker` and the image's allocator. A bare `node main.js` on
 * glibc's malloc is not what users run.
 */

/**
 * The Node flags of package.json's `start:worker` (`node <flags> dist/…/main.js`,
 * repeated by docker-compose.yml and the Kubernetes Deployment).
 */
export function workerNodeFlags(repoRoot: string): string[] {
  const scripts = (JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
  const words = (scripts['start:worker'] ?? '').split(/\s+/).filter(Boolean);
  if (words[0] !== 'node') throw new Error(`package.json's start:worker does not start node: ${scripts['start:worker']}`);
  return words.slice(1).filter((word) => word.startsWith('--'));
}

/** Where Debian's libjemalloc2 puts the library the Dockerfile preloads. */
const JEMALLOC_PATHS = [
  '/usr/local/lib/libjemalloc.so.2',
  '/usr/lib/x86_64-linux-gnu/libjemalloc.so.2',
  '/usr/lib/aarch64-linux-gnu/libjemalloc.so.2',
];
/** The Dockerfile's MALLOC_CONF. */
const JEMALLOC_CONF = 'background_thread:true,dirty_decay_ms:1000,muzzy_decay_ms:0,narenas:2';

/**
 * The allocator to run the worker on: jemalloc with the image's settings when the
 * machine has it (libjemalloc2), unless `glibc` is asked for; its name for the report
 * and the environment that selects it.
 */
export function deployedAllocator(wanted: 'jemalloc' | 'glibc' = 'jemalloc'): { name: string; env: NodeJS.ProcessEnv } {
  const library = JEMALLOC_PATHS.find((path) => existsSync(path));
  if (wanted === 'glibc' || !library) return { name: library ? 'glibc malloc' : 'glibc malloc (libjemalloc2 not installed)', env: {} };
  return { name: `jemalloc (${library})`, env: { LD_PRELOAD: library, MALLOC_CONF: process.env['MALLOC_CONF'] ?? JEMALLOC_CONF } };
}
