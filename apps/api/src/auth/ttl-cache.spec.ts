import { TtlCache } from './ttl-cache';

function clock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe('TtlCache', () => {
  it('answers within the TTL and forgets the entry once it has passed', () => {
    const time = clock();
    const cache = new TtlCache<string, number>(5000, 10, time.now);
    cache.set('a', 1);
    time.advance(4999);
    expect(cache.get('a')).toEqual({ value: 1 });
    time.advance(1);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('tells a cached null from a miss', () => {
    const cache = new TtlCache<string, string | null>(5000, 10, clock().now);
    cache.set('refused', null);
    expect(cache.get('refused')).toEqual({ value: null });
    expect(cache.get('unknown')).toBeUndefined();
  });

  it('restarts the TTL when a key is set again', () => {
    const time = clock();
    const cache = new TtlCache<string, number>(1000, 10, time.now);
    cache.set('a', 1);
    time.advance(900);
    cache.set('a', 2);
    time.advance(900);
    expect(cache.get('a')).toEqual({ value: 2 });
  });

  it('holds at most maxEntries however many keys come', () => {
    const cache = new TtlCache<string, string>(60_000, 3, clock().now);
    for (let i = 0; i < 10_000; i++) cache.set(`flood-${i}`, 'x');
    expect(cache.size).toBe(3);
    expect(cache.get('flood-9999')).toEqual({ value: 'x' });
    expect(cache.get('flood-0')).toBeUndefined();
  });

  it('evicts the least recently used entry, not the oldest one read since', () => {
    const cache = new TtlCache<string, string>(60_000, 2, clock().now);
    cache.set('a', 'a');
    cache.set('b', 'b');
    cache.get('a');
    cache.set('c', 'c');
    expect(cache.get('a')).toEqual({ value: 'a' });
    expect(cache.get('b')).toBeUndefined();
  });

  it('stores nothing with a TTL of 0', () => {
    const cache = new TtlCache<string, number>(0, 10, clock().now);
    cache.set('k', 1);
    expect(cache.get('k')).toBeUndefined();
    expect(cache.size).toBe(0);
  });
});

describe('TtlCache.set with the time the value was read', () => {
  it('counts the TTL from then, not from when it is stored', () => {
    const time = clock();
    const cache = new TtlCache<string, number>(1000, 10, time.now);
    const readAt = time.now();
    time.advance(800);
    cache.set('slow', 1, readAt);
    time.advance(200);
    expect(cache.get('slow')).toBeUndefined();
  });
});
