import { chunkingSettings, chunkingStrategyProblem, maxTokensProblem, overlapTokensProblem } from './chunking-options';

describe('chunking options', () => {
  it('fills in the defaults: 512 tokens, no overlap, a chunk per heading', () => {
    expect(chunkingSettings()).toEqual({ maxTokens: 512, overlapTokens: 0, strategy: 'heading' });
    expect(chunkingSettings({ maxTokens: 256, strategy: 'size' })).toEqual({ maxTokens: 256, overlapTokens: 0, strategy: 'size' });
  });

  it('accepts maxTokens from 16 to 8192, whole numbers only', () => {
    expect([16, 512, 8192].map(maxTokensProblem)).toEqual([null, null, null]);
    expect(maxTokensProblem(15)).toBe('must be a whole number from 16 to 8192 (got 15)');
    expect(maxTokensProblem(12.5)).toBe('must be a whole number from 16 to 8192 (got 12.5)');
    expect(maxTokensProblem(null)).toBe('must be a whole number from 16 to 8192 (got null)');
  });

  it('accepts an overlap up to half of maxTokens, the default one when it is absent or wrong', () => {
    expect(overlapTokensProblem(256)).toBeNull();
    expect(overlapTokensProblem(50, 100)).toBeNull();
    expect(overlapTokensProblem(51, 100)).toBe('must be a whole number from 0 to 50, half of maxTokens (100) (got 51)');
    expect(overlapTokensProblem(257, 'x')).toBe('must be a whole number from 0 to 256, half of maxTokens (512) (got 257)');
  });

  it('knows two strategies', () => {
    expect(chunkingStrategyProblem('heading')).toBeNull();
    expect(chunkingStrategyProblem('size')).toBeNull();
    expect(chunkingStrategyProblem('Heading')).toBe('must be one of heading, size (got "Heading")');
  });
});
