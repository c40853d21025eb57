import { addCounts, scoreDocument, scores } from './score';

const truth = {
  text: 'Report\nAlpha beta\nOne\nA\tB',
  structure: { headings: [{ level: 1, text: 'report' }], listItems: ['one'], tableCells: ['a', 'b'] },
};

describe('scoreDocument', () => {
  it('scores text and markdown structure for the metrics that apply', () => {
    const counts = scoreDocument(truth, { text: 'Report alpha beta one a b', markdown: '## Report\n\n- One\n\n| A | B |\n|---|---|\n' }, [
      'text',
      'headings',
      'lists',
      'tables',
    ]);
    expect(scores(counts)).toEqual({ text: 1, headings: 0, lists: 1, tables: 1 });
  });

  it('leaves structure metrics out without markdown output or when they do not apply', () => {
    expect(scores(scoreDocument(truth, { text: 'report' }, ['text', 'headings']))).toEqual({
      text: expect.any(Number),
      headings: null,
      lists: null,
      tables: null,
    });
    expect(scoreDocument(truth, { text: '', markdown: '' }, ['text', 'tables'])).toEqual({
      text: { matched: 0, predicted: 0, expected: 6 },
      tables: { found: 0, total: 2 },
    });
  });
});

describe('addCounts', () => {
  it('pools counts, keeping absent metrics absent', () => {
    const pooled = addCounts(
      { text: { matched: 1, predicted: 2, expected: 2 } },
      { text: { matched: 2, predicted: 2, expected: 2 }, lists: { found: 1, total: 2 } },
    );
    expect(pooled).toEqual({
      text: { matched: 3, predicted: 4, expected: 4 },
      headings: undefined,
      lists: { found: 1, total: 2 },
      tables: undefined,
    });
  });
});
