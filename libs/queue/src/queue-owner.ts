import type { Redis } from 'ioredis';
import { withTimeout } from './with-timeout';

/** The database a queue prefix belongs to, as stored under `<prefix>:owner`. */
export interface QueueOwner {
  /** The database's identity row (deployment_identity.id). */
  id: string;
  /** The database's name, for people reading the error, and to tell copies apart. */
  database: string;
}

export const queueOwnerKey = (prefix: string): string => `${prefix}:owner`;

/** Another deployment's database already owns this prefix: starting would steal its jobs. */
export class QueuePrefixConflictError extends Error {
  constructor(
    readonly prefix: string,
    readonly ours: QueueOwner,
    readonly theirs: QueueOwner | null,
  ) {
    const owner = theirs ? `database "${theirs.database}" (id ${theirs.id})` : 'an unreadable owner record';
    super(
      `QUEUE_PREFIX "${prefix}" on this Redis already belongs to ${owner}, but this process uses database ` +
        `"${ours.database}" (id ${ours.id}). Two deployments sharing one Redis with one prefix take each other's jobs. ` +
        `Give this deployment its own QUEUE_PREFIX (e.g. QUEUE_PREFIX=${ours.database}). If the database was really ` +
        `replaced (restored, renamed), delete the Redis key "${queueOwnerKey(prefix)}" once no worker of the old one runs.`,
    );
    this.name = 'QueuePrefixConflictError';
  }
}

function parseOwner(raw: string): QueueOwner | null {
  try {
    const value = JSON.parse(raw) as Partial<QueueOwner>;
    return typeof value.id === 'string' && typeof value.database === 'string' ? { id: value.id, database: value.database } : null;
  } catch {
    return null;
  }
}

/**
 * Binds a queue prefix to one database: records `owner` under `<prefix>:owner` if
 * nobody has (SET NX, so two processes racing agree on one winner), else checks
 * that the recorded owner is this database. Throws QueuePrefixConflictError when
 * it is not. Returns true when this call wrote the key (first start, or after a
 * Redis flush or restart lost it). The key never expires: it lives as long as
 * the queue's own keys do.
 */
export async function claimQueuePrefix(redis: Redis, prefix: string, owner: QueueOwner, timeoutMs: number): Promise<boolean> {
  // A fail-fast connection (no offline queue) errors on commands sent before it is ready.
  if (redis.status !== 'ready') {
    await withTimeout(new Promise((resolve) => redis.once('ready', resolve)), timeoutMs, 'Connecting to Redis');
  }
  const key = queueOwnerKey(prefix);
  const value = JSON.stringify({ id: owner.id, database: owner.database, claimedAt: new Date().toISOString() });
  const written = await withTimeout(redis.set(key, value, 'NX'), timeoutMs, 'Claiming the queue prefix');
  if (written === 'OK') return true;
  const raw = await withTimeout(redis.get(key), timeoutMs, 'Reading the queue prefix owner');
  // Deleted between the two commands (a flush): claim again.
  if (raw === null) return claimQueuePrefix(redis, prefix, owner, timeoutMs);
  const recorded = parseOwner(raw);
  if (!recorded || recorded.id !== owner.id || recorded.database !== owner.database) {
    throw new QueuePrefixConflictError(prefix, owner, recorded);
  }
  return false;
}
