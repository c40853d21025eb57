import { nid } from './nid';

describe('nid', () => {
  it('is 1 for the same words, whatever the case, punctuation and spacing', () => {
    expect(nid('The quick brown fox.', 'the  QUICK, brown\nfox')).toBe(1);
  });

  it('is 2·LCS / (|a| + |b|) on word tokens', () => {
    // Reversed: the longest common subsequence is one word.
    expect(nid('a b c d', 'd c b a')).toBe(2 / 8);
    // Two columns read across instead of down: LCS "a b c f" (or "a d e f"), 4 words.
    expect(nid('a b c d e f', 'a d b e c f')).toBe(8 / 12);
    // Missing words: LCS 3 of 3 + 5.
    expect(nid('one two three four five', 'one three five')).toBe(6 / 8);
  });

  it('gives no score for a truth without words and 0 for an empty prediction', () => {
    expect(nid('  ', 'anything')).toBeNull();
    expect(nid('some text', '')).toBe(0);
  });

  it('completes on 50,000-word texts, similar and unrelated', () => {
    const truth = Array.from({ length: 50000 }, (_, i) => `w${i}`);
    // Similar: 500 words dropped and 500 new words inserted; the LCS is the 49,500 kept.
    const similar = truth.filter((_, i) => i % 100 !== 0).flatMap((word, i) => (i % 99 === 0 ? [word, `new${i}`] : [word]));
    expect(nid(truth.join(' '), similar.join(' '))).toBe((2 * 49500) / (50000 + similar.length));
    // Reversed distinct words share one word in order: the bit-parallel path.
    expect(nid(truth.join(' '), truth.slice().reverse().join(' '))).toBe(2 / 100000);
  });
});
