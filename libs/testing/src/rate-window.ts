import { Redis } from 'ioredis';

/** How long from now the client stays over its limit. */
const FADES_IN_S = 4;
const MINUTE_MS = 60_000;

/**
 * Makes the API's limiter (apps/api/src/rate-limit: a sliding window over two
 * per-minute counters in Redis) refuse this client's next submission for about
 * FADES_IN_S seconds. Submissions spent in the current minute would hold the next one
 * back until that minute has passed, up to 60 s; the last minute's counter, filled
 * just enough, fades within seconds.
 */
export async function holdAtRateLimit(redisUrl: string, prefix: string, clientId: string, limit: number): Promise<void> {
  let fraction = (Date.now() / MINUTE_MS) % 1;
  if (fraction > 0.85) {
    // Too close to the next minute, where that counter stops counting: start in the next one.
    await new Promise((resolve) => setTimeout(resolve, (1 - fraction) * MINUTE_MS + 200));
    fraction = (Date.now() / MINUTE_MS) % 1;
  }
  // Refused while previous × (1 - fraction) > limit - 1, which holds until FADES_IN_S from now.
  const previous = Math.floor((limit - 1) / (1 - fraction - FADES_IN_S / 60));
  const redis = new Redis(redisUrl, { lazyConnect: true });
  try {
    await redis.connect();
    const minute = Math.floor(Date.now() / MINUTE_MS);
    await redis.set(`${prefix}:rate:${clientId}:${minute - 1}`, previous, 'EX', 120);
  } finally {
    redis.disconnect();
  }
}
