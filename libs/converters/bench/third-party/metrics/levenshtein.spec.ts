import { levenshtein, normalizedLevenshtein, prepareText } from './levenshtein';
import { seededRandom } from './test-random';

/** The textbook dynamic programme, the reference for the bit-vector path. */
function reference(a: string, b: string): number {
  const s = Array.from(a);
  const t = Array.from(b);
  const d = Array.from({ length: s.length + 1 }, (_, i) => Array.from({ length: t.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= s.length; i++)
    for (let j = 1; j <= t.length; j++)
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (s[i - 1] === t[j - 1] ? 0 : 1));
  return d[s.length][t.length];
}

describe('levenshtein', () => {
  it('counts insertions, deletions and substitutions', () => {
    expect(levenshtein('kitten', 'sitting')).toBe(3);
    expect(levenshtein('', 'abc')).toBe(3);
    expect(levenshtein('abc', '')).toBe(3);
    expect(levenshtein('same', 'same')).toBe(0);
  });

  it('counts a character outside the BMP once', () => {
    expect(levenshtein('a😀b', 'ab')).toBe(1);
  });

  it('agrees with the dynamic programme on texts up to and past 32 characters', () => {
    const random = seededRandom(7);
    const alphabet = ['a', 'b', 'c', 'd', '😀'];
    const text = () => Array.from({ length: Math.floor(random() * 45) }, () => alphabet[Math.floor(random() * alphabet.length)]).join('');
    for (let i = 0; i < 1000; i++) {
      const [a, b] = [text(), text()];
      expect(levenshtein(a, b)).toBe(reference(a, b));
    }
    // Exactly 32 code points: the bit-vector path with every bit in use.
    expect(levenshtein('a'.repeat(32), 'b' + 'a'.repeat(31))).toBe(1);
  });

  it('takes prepared texts as well as strings', () => {
    expect(levenshtein(prepareText('kitten'), prepareText('sitting'))).toBe(3);
  });
});

describe('normalizedLevenshtein', () => {
  it('divides by the longer length; two empty texts are equal', () => {
    expect(normalizedLevenshtein('abcd', 'abxd')).toBe(0.25);
    expect(normalizedLevenshtein('', 'ab')).toBe(1);
    expect(normalizedLevenshtein('', '')).toBe(0);
  });
});
