import type { MetricTable } from './table';
import { scorePageTables } from './table-matching';

const table = (...rows: string[][]): MetricTable => ({ rows: rows.map((row) => row.map((text) => ({ text }))) });

// 4 relations each: 2 right, 2 down.
const sales = table(['year', 'sales'], ['2023', '120']);
const staff = table(['team', 'people'], ['north', '14']);
const other = table(['colour', 'code'], ['red', 'f00'], ['blue', '00f']);

describe('scorePageTables', () => {
  it('matches each truth table to its best predicted table, whatever the order', () => {
    const scores = scorePageTables([sales, staff], [staff, sales], { truthComplete: true });
    expect(scores.matches.map((m) => [m.truth, m.predicted, m.teds, m.tedsS])).toEqual([
      [0, 1, 1, 1],
      [1, 0, 1, 1],
    ]);
    expect(scores.unmatchedPredicted).toEqual([]);
    expect(scores.relations).toEqual({ matched: 8, predicted: 8, expected: 8 });
  });

  it('scores a missing truth table 0 and counts its relations as missed', () => {
    const scores = scorePageTables([sales, staff], [sales], { truthComplete: true });
    expect(scores.matches[1]).toEqual({
      truth: 1,
      predicted: null,
      teds: 0,
      tedsS: 0,
      relations: { matched: 0, predicted: 0, expected: 4 },
    });
    expect(scores.relations).toEqual({ matched: 4, predicted: 4, expected: 8 });
  });

  it('counts an extra predicted table against precision only when the truth is complete', () => {
    // `other` has 7 relations (3 right, 2 down in each of 2 columns) and no cell text of `sales`.
    const complete = scorePageTables([sales], [sales, other], { truthComplete: true });
    const partial = scorePageTables([sales], [sales, other], { truthComplete: false });
    expect(complete.unmatchedPredicted).toEqual([1]);
    expect(partial.unmatchedPredicted).toEqual([1]);
    expect(complete.relations).toEqual({ matched: 4, predicted: 11, expected: 4 });
    expect(partial.relations).toEqual({ matched: 4, predicted: 4, expected: 4 });
  });

  it('gives the contested predicted table to the truth table it fits best', () => {
    // Both truth tables resemble the one predicted table; the exact copy wins it.
    const close = table(['year', 'sales'], ['2023', '121']);
    const scores = scorePageTables([close, sales], [sales], { truthComplete: false });
    expect(scores.matches.map((m) => m.predicted)).toEqual([null, 0]);
    expect(scores.matches[1].teds).toBe(1);
  });

  it('does not match a pair scoring TEDS 0', () => {
    const scores = scorePageTables([sales], [table()], { truthComplete: true });
    expect(scores.matches[0].predicted).toBeNull();
    expect(scores.unmatchedPredicted).toEqual([0]);
  });
});
