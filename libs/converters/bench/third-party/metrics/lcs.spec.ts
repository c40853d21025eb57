import { bitParallelLcs, lcsLength, myersDistance } from './lcs';
import { seededRandom } from './test-random';

function reference(a: readonly string[], b: readonly string[]): number {
  let previous = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    const current = [0];
    for (let j = 1; j <= b.length; j++) current[j] = a[i - 1] === b[j - 1] ? previous[j - 1] + 1 : Math.max(previous[j], current[j - 1]);
    previous = current;
  }
  return previous[b.length];
}

/** Pairs of token sequences: unrelated ones over small alphabets, and near copies. */
function cases(count: number): [string[], string[]][] {
  const random = seededRandom(11);
  const sequence = (alphabet: number) => Array.from({ length: Math.floor(random() * 90) }, () => String(Math.floor(random() * alphabet)));
  return Array.from({ length: count }, () => {
    const alphabet = 1 + Math.floor(random() * 6);
    const a = sequence(alphabet);
    if (random() < 0.5) return [a, sequence(alphabet)];
    const b = a.slice();
    for (let edit = 0; edit < 4; edit++) {
      const at = Math.floor(random() * (b.length + 1));
      if (random() < 0.5) b.splice(at, 1);
      else b.splice(at, 0, 'new');
    }
    return [a, b];
  });
}

describe('lcsLength', () => {
  it('finds the longest common subsequence', () => {
    expect(lcsLength(['a', 'b', 'c', 'd'], ['a', 'c', 'd', 'b'])).toBe(3);
    expect(lcsLength(['a', 'b'], [])).toBe(0);
    expect(lcsLength([], [])).toBe(0);
    expect(lcsLength([1, 2, 3], [1, 2, 3])).toBe(3);
  });

  it('agrees with the dynamic programme, and so do both of its algorithms', () => {
    for (const [a, b] of cases(500)) {
      const expected = reference(a, b);
      expect(lcsLength(a, b)).toBe(expected);
      expect(myersDistance(a, b, Infinity)).toBe(a.length + b.length - 2 * expected);
      if (a.length > 0) expect(bitParallelLcs(a, b)).toBe(expected);
    }
  });

  it('gives up on Myers once the budget is spent', () => {
    expect(myersDistance(['a', 'b', 'c'], ['x', 'y', 'z'], 2)).toBeNull();
  });

  it('handles texts longer than one 32-bit word in the bit-parallel pass', () => {
    const a = Array.from({ length: 100 }, (_, i) => `t${i % 7}`);
    const b = a.slice().reverse();
    expect(bitParallelLcs(a, b)).toBe(reference(a, b));
  });
});
