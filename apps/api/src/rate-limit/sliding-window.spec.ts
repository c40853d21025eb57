import { remaining, secondsUntilAllowed, secondsUntilReset, weightedCount } from './sliding-window';

describe('sliding window', () => {
  it('weighs the previous window by how much of it still overlaps', () => {
    expect(weightedCount({ current: 10, previous: 60, fraction: 0.5 })).toBe(40);
    expect(weightedCount({ current: 0, previous: 60, fraction: 1 })).toBe(0);
  });

  it('counts what is left of the limit', () => {
    expect(remaining(60, { allowed: true, current: 10, previous: 60, fraction: 0.5 })).toBe(20);
    expect(remaining(60, { allowed: false, current: 60, previous: 0, fraction: 0.1 })).toBe(0);
  });

  it('says when the next request is allowed: as the previous window fades, or in the next window', () => {
    // 59 + 0: one more fits when the previous window has faded: previous is 0, so it is this window's own 60 that must fade.
    expect(secondsUntilAllowed(60, { allowed: false, current: 60, previous: 0, fraction: 0.25 })).toBe(46);
    // 30 now, 60 before, half-way: weighted 60; one more fits once 1/60 of the previous has faded (1 s).
    expect(secondsUntilAllowed(60, { allowed: false, current: 30, previous: 60, fraction: 0.5 })).toBe(1);
    expect(secondsUntilAllowed(10, { allowed: false, current: 5, previous: 10, fraction: 0 })).toBe(36);
  });

  it('says when everything has faded', () => {
    expect(secondsUntilReset({ allowed: true, current: 1, previous: 0, fraction: 0.5 })).toBe(90);
    expect(secondsUntilReset({ allowed: true, current: 0, previous: 5, fraction: 0.5 })).toBe(30);
    expect(secondsUntilReset({ allowed: true, current: 0, previous: 0, fraction: 0.5 })).toBe(0);
  });
});
