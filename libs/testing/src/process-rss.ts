import { readFileSync } from 'node:fs';

/**
 * A process's resident set in MB, from /proc (Linux): what the kernel charges it,
 * threads included; 0 once the process has gone (a sampler outlives what it samples).
 */
export function rssMb(pid: number): number {
  try {
    const kb = Number(/^VmRSS:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
    return kb / 1024;
  } catch {
    return 0;
  }
}
