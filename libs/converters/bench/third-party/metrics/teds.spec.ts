import type { MetricCell, MetricTable } from './table';
import { tableTree, teds, tedsS } from './teds';

const table = (...rows: (string | MetricCell)[][]): MetricTable => ({
  rows: rows.map((row) => row.map((cell) => (typeof cell === 'string' ? { text: cell } : cell))),
});

describe('teds', () => {
  it('is 1 for identical tables', () => {
    const a = table(
      [
        { text: 'Year', header: true },
        { text: 'Sales', header: true },
      ],
      ['2023', '1,200'],
      ['2024', '1,350'],
    );
    expect(teds(a, a)).toBe(1);
    expect(tedsS(a, a)).toBe(1);
  });

  it('charges a changed cell the edit distance of its text over the longer length', () => {
    // 2 rows + 4 cells = 6 nodes below the table; "alpha" → "alphx" is 1 edit in 5.
    const truth = table(['a', 'b'], ['c', 'alpha']);
    const predicted = table(['a', 'b'], ['c', 'alphx']);
    expect(teds(truth, predicted)).toBeCloseTo(1 - 0.2 / 6, 12);
    expect(tedsS(truth, predicted)).toBe(1);
  });

  it('charges a missing row its row and cell nodes', () => {
    // Truth: 3 rows + 6 cells = 9 nodes; deleting a row and its two cells costs 3.
    const truth = table(['a', 'b'], ['c', 'd'], ['e', 'f']);
    const predicted = table(['a', 'b'], ['c', 'd']);
    expect(teds(truth, predicted)).toBeCloseTo(1 - 3 / 9, 12);
    expect(tedsS(truth, predicted)).toBeCloseTo(1 - 3 / 9, 12);
    // Symmetric in the node count: the larger tree is the denominator either way.
    expect(teds(predicted, truth)).toBeCloseTo(1 - 3 / 9, 12);
  });

  it('charges a colspan difference a full rename, with or without the text', () => {
    // Truth: "Head" spans two columns (2 rows + 3 cells); predicted: "Head" plus an
    // empty cell (2 rows + 4 cells). Rename Head (colspan 2 → 1): 1; insert the empty cell: 1.
    const truth = table([{ text: 'Head', colSpan: 2 }], ['a', 'b']);
    const predicted = table(['Head', ''], ['a', 'b']);
    expect(teds(truth, predicted)).toBeCloseTo(1 - 2 / 6, 12);
    expect(tedsS(truth, predicted)).toBeCloseTo(1 - 2 / 6, 12);
  });

  it('tells header cells (th) from data cells unless told not to', () => {
    const truth = table(
      [
        { text: 'Year', header: true },
        { text: 'Sales', header: true },
      ],
      ['2024', '1,350'],
    );
    const predicted = table(['Year', 'Sales'], ['2024', '1,350']);
    expect(teds(truth, predicted)).toBeCloseTo(1 - 2 / 6, 12);
    expect(teds(truth, predicted, { headers: false })).toBe(1);
  });

  it('compares texts after NFKC and whitespace normalisation, but keeps case', () => {
    expect(teds(table(['  \ufb01nal\u00a0 total ']), table(['final total']))).toBe(1);
    // "Total" vs "total": 1 substitution in 5 characters; 1 row + 1 cell = 2 nodes.
    expect(teds(table(['Total']), table(['total']))).toBeCloseTo(1 - 0.2 / 2, 12);
  });

  it('is 1 for two tables without rows and 0 against one', () => {
    expect(teds(table(), table())).toBe(1);
    expect(teds(table(['a']), table())).toBe(0);
    expect(teds(table(), table(['a']))).toBe(0);
  });

  it('builds the HTML tree table → tr → td/th with spans as HTML reads them', () => {
    const tree = tableTree(table([{ text: 'x', colSpan: 0, rowSpan: 2.5, header: true }]));
    expect(tree.label.tag).toBe('table');
    expect(tree.children[0].label.tag).toBe('tr');
    expect(tree.children[0].children[0].label).toMatchObject({ tag: 'th', colSpan: 1, rowSpan: 2 });
  });
});
