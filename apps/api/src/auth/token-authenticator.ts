import type { ApiClient, ApiTokenRepository } from '@docformat/db';
import { hashToken } from '@docformat/db';
import { TtlCache } from './ttl-cache';

/** Enough for every real client many times over; a flood of made-up tokens only churns its own half. */
const MAX_ENTRIES = 10_000;

/**
 * Bearer token → client, remembered for TOKEN_CACHE_SECONDS so that a request does
 * not cost a Postgres look-up. Each API process has its own; a revocation reaches
 * all of them within the TTL, when their entry expires. Refused tokens are
 * remembered as briefly, in a bounded map of their own, so guessing cannot crowd
 * out the valid ones or grow memory. Keys are SHA-256 hashes, never the tokens.
 * A look-up that fails (Postgres down) is not remembered.
 */
export class TokenAuthenticator {
  private readonly valid: TtlCache<string, ApiClient>;
  private readonly refused: TtlCache<string, null>;
  /** Look-ups under way, so a burst of requests with one new token costs one query. */
  private readonly pending = new Map<string, Promise<ApiClient | null>>();

  constructor(
    private readonly tokens: Pick<ApiTokenRepository, 'authenticate'>,
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {
    this.valid = new TtlCache(ttlMs, MAX_ENTRIES, now);
    this.refused = new TtlCache(ttlMs, MAX_ENTRIES, now);
  }

  authenticate(token: string): Promise<ApiClient | null> {
    if (this.ttlMs <= 0) return this.tokens.authenticate(token);
    const key = hashToken(token);
    const hit = this.valid.get(key) ?? this.refused.get(key);
    if (hit) return Promise.resolve(hit.value);
    let pending = this.pending.get(key);
    if (!pending) {
      // The TTL counts from before the query, so an answer can never outlive a
      // revocation by more than the TTL, however long the query took.
      const askedAt = this.now();
      pending = this.tokens
        .authenticate(token)
        .then((client) => {
          if (client) this.valid.set(key, client, askedAt);
          else this.refused.set(key, null, askedAt);
          return client;
        })
        .finally(() => this.pending.delete(key));
      this.pending.set(key, pending);
    }
    return pending;
  }
}
