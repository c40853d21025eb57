import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';

const BOOT_ID = '/proc/sys/kernel/random/boot_id';

/**
 * What the worker processes sharing this machine's cores have in common: the kernel's
 * boot id, which every container on one Docker host (or in one VM) reads alike, unlike
 * the hostname a container gets. Where there is no /proc (not Linux), the hostname.
 */
export function hostIdentity(readBootId: () => string = () => readFileSync(BOOT_ID, 'utf8')): string {
  try {
    const bootId = readBootId().trim();
    if (/^[0-9a-f-]{8,64}$/i.test(bootId)) return bootId;
  } catch {
    // Not Linux, or /proc is not mounted: fall through.
  }
  return `host-${hostname()}`;
}

/** This process among its host's workers: its start time first (coreShare orders by it), then what keeps it unique. */
export function presenceMemberId(startedAt = Date.now(), pid = process.pid): string {
  return `${startedAt.toString(36).padStart(10, '0')}-${pid}-${randomBytes(4).toString('hex')}`;
}
