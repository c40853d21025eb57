/**
 * A small in-process map whose entries expire after a fixed time and whose size is
 * bounded: when full, the least recently used entry goes (a Map iterates in
 * insertion order, and a hit re-inserts its key at the end). Expired entries are
 * dropped when they are next looked at, or pushed out by newer ones.
 */
export class TtlCache<K, V> {
  private readonly entries = new Map<K, { value: V; expiresAt: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
    private readonly now: () => number = Date.now,
  ) {
    if (maxEntries < 1) throw new Error('maxEntries must be at least 1');
  }

  get size(): number {
    return this.entries.size;
  }

  /** `{ value }` while the entry is fresh (a cached `null` is a hit too), else undefined. */
  get(key: K): { value: V } | undefined {
    const found = this.entries.get(key);
    if (!found) return undefined;
    this.entries.delete(key);
    if (found.expiresAt <= this.now()) return undefined;
    this.entries.set(key, found);
    return { value: found.value };
  }

  /** `since`: when the value was read at its source; the TTL counts from then. */
  set(key: K, value: V, since: number = this.now()): void {
    if (this.ttlMs <= 0) return;
    this.entries.delete(key);
    this.entries.set(key, { value, expiresAt: since + this.ttlMs });
    while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value as K);
  }
}
