import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const REPO_ROOT = join(__dirname, '../../..');

/** Where Debian's libjemalloc2 puts the library the Docker image links to /usr/local/lib. */
const JEMALLOC_PATHS = [
  '/usr/local/lib/libjemalloc.so.2',
  '/usr/lib/x86_64-linux-gnu/libjemalloc.so.2',
  '/usr/lib/aarch64-linux-gnu/libjemalloc.so.2',
];

/**
 * The environment that makes the fuzz suite's worker (`node main.ts`, from the sources)
 * run as the worker is deployed: the Node flags of package.json's `start:worker` (as
 * NODE_OPTIONS), and the Docker image's allocator, jemalloc with the Dockerfile's
 * MALLOC_CONF, when this machine has the library. `FUZZ_ALLOCATOR=glibc` keeps glibc's
 * malloc. ADR 0005 has why: glibc keeps what threads free in per-thread arenas.
 */
export function deployedWorkerEnv(allocator = process.env['FUZZ_ALLOCATOR'] ?? 'jemalloc'): { allocator: string; env: NodeJS.ProcessEnv } {
  const scripts = (JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
  const flags = (scripts['start:worker'] ?? '').split(/\s+/).filter((word) => word.startsWith('--'));
  const env: NodeJS.ProcessEnv = { NODE_OPTIONS: flags.join(' ') };
  const library = JEMALLOC_PATHS.find((path) => existsSync(path));
  const mallocConf = /MALLOC_CONF=(\S+)/.exec(readFileSync(join(REPO_ROOT, 'Dockerfile'), 'utf8'))?.[1];
  if (allocator === 'glibc' || !library || !mallocConf) return { allocator: library ? 'glibc' : 'glibc (libjemalloc2 not installed)', env };
  return { allocator: 'jemalloc', env: { ...env, LD_PRELOAD: library, MALLOC_CONF: mallocConf } };
}
