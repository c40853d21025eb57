import { headingTreeSimilarity, mhs } from './mhs';

const h = (level: number, text: string) => ({ level, text });
const truth = [h(1, 'Introduction'), h(2, 'Methods'), h(2, 'Results')];

describe('mhs', () => {
  it('is 1 for identical headings', () => {
    expect(mhs(truth, truth)).toEqual({ mhs: 1, mhsS: 1 });
  });

  it('ignores levels, as opendataloader-bench does', () => {
    expect(mhs(truth, [h(3, 'Introduction'), h(1, 'Methods'), h(1, 'Results')])).toEqual({ mhs: 1, mhsS: 1 });
  });

  it('charges a missing heading one node of the larger tree', () => {
    // Root + 3 headings against root + 2: one deletion in 4 nodes.
    expect(mhs(truth, [h(1, 'Introduction'), h(2, 'Results')])).toEqual({ mhs: 0.75, mhsS: 0.75 });
  });

  it('grades a changed text by its edit distance; MHS-S does not see it', () => {
    // "Introductio": 1 edit in 12 characters, over 4 nodes.
    const scores = mhs(truth, [h(1, 'Introductio'), h(2, 'Methods'), h(2, 'Results')]);
    expect(scores?.mhs).toBeCloseTo(1 - 1 / 12 / 4, 12);
    expect(scores?.mhsS).toBe(1);
  });

  it('gives no score without truth headings and 0 without predicted ones', () => {
    expect(mhs([], truth)).toBeNull();
    expect(mhs(truth, [])).toEqual({ mhs: 0, mhsS: 0 });
  });
});

describe('headingTreeSimilarity', () => {
  it('is 1 for identical headings', () => {
    expect(headingTreeSimilarity(truth, truth)).toBe(1);
  });

  it('charges a changed level, and the move of the headings it used to hold', () => {
    // One-letter texts, so any two different texts cost a full rename.
    const letters = [h(1, 'A'), h(2, 'B'), h(2, 'C')];
    // Truth: root → A → {B, C}. Predicted: B at level 1, so root → {A, B → C}. The
    // cheapest script (3 in 4 nodes): rename A → B (texts differ: 1), keep C under it,
    // delete the truth's B and insert the predicted A.
    expect(headingTreeSimilarity(letters, [h(1, 'A'), h(1, 'B'), h(2, 'C')])).toBeCloseTo(1 - 3 / 4, 12);
    // A leaf one level deeper: C moves under B; delete and re-insert it (2 in 4).
    expect(headingTreeSimilarity(letters, [h(1, 'A'), h(2, 'B'), h(3, 'C')])).toBeCloseTo(1 - 2 / 4, 12);
    // The same heading alone, at another level: one rename costing 1 (1 in 2 nodes).
    expect(headingTreeSimilarity([h(1, 'A')], [h(2, 'A')])).toBe(0.5);
  });

  it('charges a missing heading one node, like MHS', () => {
    expect(headingTreeSimilarity(truth, [h(1, 'Introduction'), h(2, 'Results')])).toBe(0.75);
  });

  it('gives no score without truth headings and 0 without predicted ones', () => {
    expect(headingTreeSimilarity([], truth)).toBeNull();
    expect(headingTreeSimilarity(truth, [])).toBe(0);
  });
});
