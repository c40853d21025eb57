import { scoreTables } from './score';
import type { DocformatOutput } from './tools';
import type { TruthTable } from './truth';

const cells = (...rows: string[][]) => rows.map((row) => row.map((text) => ({ text })));
const output = (...tables: { page: number; rows: { text: string }[][] }[]): DocformatOutput => ({
  tables,
  headings: [],
  textWithoutTables: '',
  text: '',
});

describe('scoreTables', () => {
  // A 2 × 2 table holds four adjacency relations: two across, two down.
  const truth: TruthTable = { page: 1, rows: cells(['a', 'b'], ['1', '2']) };
  const found = { page: 1, rows: cells(['a', 'b'], ['1', '2']) };
  const stray = { page: 1, rows: cells(['x', 'y'], ['3', '4']) };

  it('counts a table found beside the truth against precision when the truth lists every table of the page', () => {
    const scores = scoreTables([truth], output(found, stray), [1], true);
    expect(scores).toMatchObject({ teds: [1], found: 1, relations: { matched: 4, expected: 4, predicted: 8 } });
  });

  it('leaves it out when the truth speaks about part of the page only', () => {
    expect(scoreTables([truth], output(found, stray), [1], false).relations).toEqual({ matched: 4, expected: 4, predicted: 4 });
  });

  it('scores a partial table on its rows, and does not call the table that holds them spurious', () => {
    const lastRow: TruthTable = { page: 1, rows: cells(['1', '2']), partial: true, rowIndices: [-1] };
    const scores = scoreTables([lastRow], output(found), [1], true);
    expect(scores.teds).toEqual([1]);
    expect(scores.relations).toEqual({ matched: 1, expected: 1, predicted: 1 });
  });

  it('leaves out a table whose size alone the source gives', () => {
    const sizeOnly: TruthTable = { page: 1, rows: [], partial: true, rowCount: 2, columnCount: 2 };
    expect(scoreTables([sizeOnly], output(found), [1], true)).toMatchObject({ teds: [], found: 0, relations: { predicted: 0 } });
  });

  it('scores only the rows on the truth’s pages of a table joined over a page break', () => {
    // The truth checks page 1; the table found goes on over page 2, whose rows it cannot see.
    const joined = {
      page: 1,
      rows: [...cells(['a', 'b'], ['1', '2']), [{ text: '3', rowSpan: 2 }, { text: '4' }], cells(['5'])[0]],
      rowPages: [1, 1, 2, 2],
    };
    expect(scoreTables([truth], output(joined), [1], true)).toMatchObject({
      teds: [1],
      relations: { matched: 4, expected: 4, predicted: 4 },
    });
    // A truth of page 2 sees those rows alone, the span cut to them.
    const second: TruthTable = { page: 2, rows: [[{ text: '3', rowSpan: 2 }, { text: '4' }], cells(['5'])[0]] };
    expect(scoreTables([second], output(joined), [2], true)).toMatchObject({ teds: [1], found: 1 });
  });

  it('scores a table missed as TEDS 0 and its relations as expected', () => {
    expect(scoreTables([truth], output(), [1], true)).toMatchObject({ teds: [0], found: 0, relations: { matched: 0, expected: 4 } });
  });
});
