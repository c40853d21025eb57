import { coreShare } from './core-share';

describe('coreShare', () => {
  it('gives a worker alone on its host every core', () => {
    expect(coreShare(8, ['a'], 'a')).toBe(8);
    // Not yet in the answer (its first beat raced a read): counted all the same.
    expect(coreShare(8, [], 'a')).toBe(8);
  });

  it('divides the cores evenly, the first ids taking the remainder, so the shares add up to the cores', () => {
    const members = ['c', 'a', 'b'];
    const shares = members.map((self) => coreShare(8, members, self));
    expect(shares).toEqual([2, 3, 3]);
    expect(shares.reduce((sum, share) => sum + share, 0)).toBe(8);
  });

  it('gives each worker one thread when there are more workers than cores', () => {
    expect(['a', 'b', 'c'].map((self) => coreShare(2, ['a', 'b', 'c'], self))).toEqual([1, 1, 1]);
  });
});
