/**
 * Whether an error means "Postgres cannot be reached right now" (down, restarting,
 * refusing connections, a connection cut mid-query) rather than "this query is
 * wrong". The API answers the first with 503 and the worker retries the job; the
 * second stays a 500 / a failed job. The one place that knows how Prisma, its
 * node-postgres driver adapter and node-postgres itself report connection trouble.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  return causes(error).some(isConnectionCause);
}

/** Prisma's connection-level codes: can't reach, timed out reaching, server closed the connection, pool timeout. */
const PRISMA_CODES = new Set(['P1001', 'P1002', 'P1017', 'P2024']);

/** @prisma/adapter-pg's error kinds for a dead or overloaded connection. */
const ADAPTER_KINDS = new Set(['DatabaseNotReachable', 'ConnectionClosed', 'SocketTimeout', 'TooManyConnections']);

/** Node socket and DNS errors (DNS fails too while a database container restarts). */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'ENOTFOUND']);

/**
 * SQLSTATEs: 57P01 admin shutdown, 57P02 crash shutdown, 57P03 cannot connect now
 * (starting up or shutting down), 53300 too many connections, class 08 connection exceptions.
 */
const SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
const isConnectionSqlState = (code: string): boolean => SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code);

/** What node-postgres and Prisma say when there is no code to go by. */
const MESSAGES = [
  /Can't reach database server/i,
  /Connection terminated/i,
  /Client has encountered a connection error and is not queryable/i,
  /timeout exceeded when trying to connect/i,
  /server closed the connection unexpectedly/i,
  /terminating connection due to administrator command/i,
  /the database system is (starting up|shutting down|in recovery mode)/i,
];

function isConnectionCause(value: Record<string, unknown>): boolean {
  const code = typeof value['code'] === 'string' ? value['code'] : undefined;
  if (code && (PRISMA_CODES.has(code) || SOCKET_CODES.has(code) || isConnectionSqlState(code))) return true;
  const kind = value['kind'];
  if (typeof kind === 'string' && ADAPTER_KINDS.has(kind)) return true;
  // Any other Postgres error the adapter passed through keeps its SQLSTATE here.
  if (kind === 'postgres' && typeof value['code'] === 'string' && isConnectionSqlState(value['code'])) return true;
  if (typeof value['originalCode'] === 'string' && isConnectionSqlState(value['originalCode'])) return true;
  const message = value['message'];
  return typeof message === 'string' && MESSAGES.some((pattern) => pattern.test(message));
}

/**
 * The error and everything it wraps: `cause`, Prisma's `meta.driverAdapterError`,
 * AggregateError's `errors` (a host with IPv4 and IPv6 addresses refuses on both).
 * Bounded, because error graphs can be cyclic.
 */
function causes(error: unknown): Record<string, unknown>[] {
  const found: Record<string, unknown>[] = [];
  const queue: unknown[] = [error];
  const seen = new Set<unknown>();
  while (queue.length > 0 && found.length < 20) {
    const next = queue.shift();
    if (typeof next !== 'object' || next === null || seen.has(next)) continue;
    seen.add(next);
    const value = next as Record<string, unknown>;
    found.push(value);
    queue.push(value['cause']);
    const meta = value['meta'];
    if (typeof meta === 'object' && meta !== null) queue.push((meta as Record<string, unknown>)['driverAdapterError']);
    if (Array.isArray(value['errors'])) queue.push(...(value['errors'] as unknown[]));
  }
  return found;
}
