/** The window the limit is counted over. */
export const WINDOW_SECONDS = 60;

/** What the counters said for one request. */
export interface WindowReading {
  allowed: boolean;
  /** Requests counted in the current and the previous window (the current one includes this request when allowed). */
  current: number;
  previous: number;
  /** How far into the current window this request came, 0 to 1. */
  fraction: number;
}

/**
 * The sliding-window estimate (as Cloudflare and others count): the previous window's
 * requests weighted by how much of it still overlaps the last 60 s, plus the current
 * window's. Smoother than fixed windows, which let a client send twice the limit
 * across a boundary, and it needs two counters per client instead of a log.
 */
export function weightedCount(reading: Pick<WindowReading, 'current' | 'previous' | 'fraction'>): number {
  return reading.previous * (1 - reading.fraction) + reading.current;
}

/** Requests still allowed now, for RateLimit-Remaining. */
export function remaining(limit: number, reading: WindowReading): number {
  return Math.max(0, Math.floor(limit - weightedCount(reading)));
}

/**
 * Whole seconds until one more request would be allowed (Retry-After): while the
 * previous window's weight fades in this one, or else once this window's own
 * requests have faded enough in the next. At least 1.
 */
export function secondsUntilAllowed(limit: number, reading: WindowReading): number {
  const { current, previous, fraction } = reading;
  let wait: number;
  if (current <= limit - 1 && previous > 0) {
    const needed = 1 - (limit - 1 - current) / previous;
    wait = (needed - fraction) * WINDOW_SECONDS;
  } else {
    const inNext = current > 0 ? Math.max(0, 1 - (limit - 1) / current) : 0;
    wait = (1 - fraction) * WINDOW_SECONDS + inNext * WINDOW_SECONDS;
  }
  return Math.max(1, Math.ceil(wait));
}

/** Seconds until the weighted count is back to zero if nothing more comes: RateLimit-Reset. */
export function secondsUntilReset(reading: WindowReading): number {
  const fraction = reading.fraction;
  const seconds = reading.current > 0 ? (2 - fraction) * WINDOW_SECONDS : reading.previous > 0 ? (1 - fraction) * WINDOW_SECONDS : 0;
  return Math.ceil(seconds);
}

/**
 * One atomic step in Redis: read both windows, refuse when one more request would pass
 * the limit, else count it. KEYS: current window, previous window; ARGV: limit,
 * fraction, seconds the current window's counter must live (until the next one ends).
 */
export const SLIDING_WINDOW_SCRIPT = `
local current = tonumber(redis.call('GET', KEYS[1]) or '0')
local previous = tonumber(redis.call('GET', KEYS[2]) or '0')
if previous * (1 - tonumber(ARGV[2])) + current + 1 > tonumber(ARGV[1]) then
  return {0, current, previous}
end
current = redis.call('INCR', KEYS[1])
redis.call('EXPIRE', KEYS[1], tonumber(ARGV[3]))
return {1, current, previous}
`;
