import { headingCounts } from './headings';

describe('headingCounts', () => {
  it('finds truth headings by level and text, and by text alone', () => {
    const truth = [
      { level: 1, text: 'Introduction' },
      { level: 2, text: 'Methods' },
      { level: 2, text: 'Results' },
    ];
    const predicted = [
      { level: 1, text: '**introduction**' },
      { level: 3, text: 'Methods' },
    ];
    const counts = headingCounts(truth, predicted);
    expect(counts.sameLevel).toEqual({ matched: 1, predicted: 2, expected: 3 });
    expect(counts.anyLevel).toEqual({ matched: 2, predicted: 2, expected: 3 });
  });

  it('is a multiset: a heading the truth has twice must be found twice', () => {
    const notes = { level: 2, text: 'Notes' };
    expect(headingCounts([notes, notes], [notes]).sameLevel).toEqual({ matched: 1, predicted: 1, expected: 2 });
  });

  it('leaves out headings without a token', () => {
    expect(headingCounts([{ level: 1, text: '—' }], [{ level: 1, text: '***' }]).sameLevel).toEqual({
      matched: 0,
      predicted: 0,
      expected: 0,
    });
  });
});
