import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The Node flags the worker is deployed with: those of package.json's `start:worker`
 * (`node <flags> dist/…/main.js`, repeated by docker-compose.yml and the Kubernetes
 * Deployment), so a benchmark measures the worker as it runs, not a bare `node main.js`.
 */
export function workerNodeFlags(repoRoot: string): string[] {
  const scripts = (JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
  const words = (scripts['start:worker'] ?? '').split(/\s+/).filter(Boolean);
  if (words[0] !== 'node') throw new Error(`package.json's start:worker does not start node: ${scripts['start:worker']}`);
  return words.slice(1).filter((word) => word.startsWith('--'));
}
