import { parseRetryAfter } from './retry';

describe('parseRetryAfter', () => {
  const now = Date.parse('2026-03-01T10:00:00Z');

  it('reads whole seconds', () => {
    expect(parseRetryAfter('17', now)).toBe(17);
    expect(parseRetryAfter(' 0 ', now)).toBe(0);
  });

  it('reads an HTTP date as the seconds until then, never below zero', () => {
    expect(parseRetryAfter('Sun, 01 Mar 2026 10:00:30 GMT', now)).toBe(30);
    expect(parseRetryAfter('Sun, 01 Mar 2026 09:59:00 GMT', now)).toBe(0);
  });

  it('ignores what is absent or unreadable', () => {
    expect(parseRetryAfter(null, now)).toBeUndefined();
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter('-5', now)).toBeUndefined();
  });
});
