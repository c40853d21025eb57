import { countTokens } from './token-count';

describe('countTokens (cl100k_base)', () => {
  it('counts as OpenAI cl100k_base does', () => {
    expect(countTokens('hello world')).toBe(2);
    expect(countTokens('')).toBe(0);
    expect(countTokens('The quick brown fox jumps over the lazy dog.')).toBe(10);
  });

  it('counts special-token strings in a document as text instead of throwing', () => {
    expect(countTokens('before <|endoftext|> after')).toBeGreaterThan(3);
  });
});
