/** Answers that say "not now": the rate limit (429) and a briefly unavailable API (503). */
const RETRIED_STATUSES = new Set([429, 503]);

export interface RetryPolicy {
  /** Tries in all, the first included (at least 1). */
  maxAttempts: number;
  /** The longest wait accepted; a longer Retry-After ends the retries at once. */
  maxDelayMs: number;
  /** The first wait when the API names none; doubled on each retry. */
  baseDelayMs: number;
  /** Told before each wait (for logs, progress lines and tests). */
  onRetry?: (event: RetryEvent) => void;
  /** How to wait; tests pass one that records. */
  sleep: (ms: number) => Promise<void>;
}

export interface RetryEvent {
  /** The attempt that was answered 429 or 503 (1 for the first). */
  attempt: number;
  status: number;
  /** Retry-After in seconds, when the API sent one. */
  retryAfterSeconds?: number;
  delayMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxAttempts: 5,
  // RATE_LIMIT_PER_MINUTE's sliding window can ask for up to two minutes.
  maxDelayMs: 120_000,
  baseDelayMs: 1000,
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/**
 * Seconds from a Retry-After header: whole seconds, or an HTTP date (RFC 9110 10.2.3).
 * Undefined when absent or unreadable.
 */
export function parseRetryAfter(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  if (/^[-+]?\d+$/.test(trimmed)) return undefined; // not a date, though Date.parse would take it for a year
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}

/**
 * Sends until the answer is not a 429 or 503, or the attempts run out, waiting what
 * Retry-After asks (else a doubling backoff) in between; returns the last answer.
 * Each attempt is sent anew by `send`, so a multipart body is rebuilt from its file
 * rather than buffered for replays. Submissions carry an Idempotency-Key, so a retry
 * whose first attempt did reach the API returns that job instead of making another.
 */
export async function withRetries<T extends { response: Response }>(send: () => Promise<T>, policy: RetryPolicy): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const answer = await send();
    const { status, headers } = answer.response;
    if (!RETRIED_STATUSES.has(status) || attempt >= policy.maxAttempts) return answer;
    const retryAfterSeconds = parseRetryAfter(headers.get('retry-after'));
    const delayMs = retryAfterSeconds !== undefined ? retryAfterSeconds * 1000 : policy.baseDelayMs * 2 ** (attempt - 1);
    if (delayMs > policy.maxDelayMs) return answer;
    policy.onRetry?.({ attempt, status, retryAfterSeconds, delayMs });
    await policy.sleep(delayMs);
  }
}
