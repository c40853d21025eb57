import { headingCounts, headingTitle } from './headings';

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

describe('headingTitle: the title a heading is found by', () => {
  it('leaves out a leading section label, numbered, lettered, Roman or spelled out', () => {
    expect(headingTitle('2.3 Results')).toBe('results');
    expect(headingTitle('A.1. Proofs')).toBe('proofs');
    expect(headingTitle('IV. Discussion')).toBe('discussion');
    expect(headingTitle('Chapter 3: Method')).toBe('method');
    expect(headingTitle('1. About this manual')).toBe('about this manual');
  });

  it('keeps a heading that is nothing but a label, and titles that start with a number word', () => {
    expect(headingTitle('3')).toBe('3');
    expect(headingTitle('Appendix')).toBe('appendix');
    expect(headingTitle('2024 Annual Report')).toBe('2024 annual report');
  });

  it('matches a bookmark without the number to the heading the page numbers', () => {
    const counts = headingCounts([{ level: 1, text: 'Introduction' }], [{ level: 1, text: '1 Introduction' }]);
    expect(counts.sameLevel.matched).toBe(1);
  });
});
