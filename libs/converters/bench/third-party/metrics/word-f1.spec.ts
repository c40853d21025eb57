import { wordCounts, wordF1 } from './word-f1';

describe('word F1', () => {
  it('compares the texts as bags of tokens', () => {
    expect(wordCounts('The cat sat on the mat.', 'the mat, the cat')).toEqual({ matched: 4, predicted: 4, expected: 6 });
    // precision 1, recall 4/6
    expect(wordF1('The cat sat on the mat.', 'the mat, the cat')).toBeCloseTo(0.8, 12);
  });
});
