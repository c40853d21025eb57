import { type BagCounts, EMPTY_BAG, addBagCounts } from '../../metrics/bag-f1';
import { adjacencyCounts, adjacencyRelations } from './adjacency';
import type { MetricTable } from './table';
import { type TedsOptions, teds, tedsS } from './teds';

export interface TableMatch {
  /** Index in the truth tables. */
  truth: number;
  /** Index in the predicted tables; null: no predicted table matched. */
  predicted: number | null;
  /** 0 when unmatched. */
  teds: number;
  tedsS: number;
  /** Adjacency relations; unmatched: all expected, none matched. */
  relations: BagCounts;
}

export interface PageTableScores {
  /** One per truth table, in the truth's order. */
  matches: TableMatch[];
  /** Indexes of the predicted tables no truth table matched. */
  unmatchedPredicted: number[];
  /** The page's adjacency-relation counts, to pool with other pages (micro average). */
  relations: BagCounts;
}

export interface MatchOptions extends Omit<TedsOptions, 'structureOnly'> {
  /**
   * The truth lists every table of the page (DocumentTruth.tablesComplete): a predicted
   * table matching none counts its relations as predicted, against precision. Without
   * it, the truth may speak about one area of the page only, and such a table is left out.
   */
  truthComplete: boolean;
}

/**
 * Scores the tables of one page: each truth table is matched to at most one predicted
 * table, greedily: every pair's TEDS is computed, and pairs are taken from the best
 * score down, skipping a table already taken (ties in truth, then predicted, order).
 * Greedy rather than an optimal assignment because a page rarely holds more than a few
 * tables and a table's best partner is rarely contested. A pair scoring TEDS 0 is not a
 * match: it would add nothing to TEDS and only let unrelated tables trade relations.
 *
 * An unmatched truth table scores TEDS and TEDS-S 0 and contributes all its relations
 * as expected and missed; an unmatched predicted table contributes its relations as
 * predicted only with `truthComplete`.
 */
export function scorePageTables(truth: readonly MetricTable[], predicted: readonly MetricTable[], options: MatchOptions): PageTableScores {
  const tedsOptions: TedsOptions = { headers: options.headers };
  const pairs: { truth: number; predicted: number; score: number }[] = [];
  truth.forEach((truthTable, t) =>
    predicted.forEach((predictedTable, p) => pairs.push({ truth: t, predicted: p, score: teds(truthTable, predictedTable, tedsOptions) })),
  );
  // Array.prototype.sort is stable: equal scores keep truth-then-predicted order.
  pairs.sort((a, b) => b.score - a.score);
  const partner = new Map<number, { predicted: number; score: number }>();
  const taken = new Set<number>();
  for (const pair of pairs) {
    if (pair.score <= 0 || partner.has(pair.truth) || taken.has(pair.predicted)) continue;
    partner.set(pair.truth, pair);
    taken.add(pair.predicted);
  }

  const matches = truth.map((truthTable, t): TableMatch => {
    const match = partner.get(t);
    if (!match) {
      const expected = adjacencyRelations(truthTable).length;
      return { truth: t, predicted: null, teds: 0, tedsS: 0, relations: { matched: 0, predicted: 0, expected } };
    }
    const predictedTable = predicted[match.predicted];
    return {
      truth: t,
      predicted: match.predicted,
      teds: match.score,
      tedsS: tedsS(truthTable, predictedTable, tedsOptions),
      relations: adjacencyCounts(truthTable, predictedTable),
    };
  });
  const unmatchedPredicted = predicted.map((_, p) => p).filter((p) => !taken.has(p));
  let relations = matches.reduce((sum, match) => addBagCounts(sum, match.relations), EMPTY_BAG);
  if (options.truthComplete)
    for (const p of unmatchedPredicted)
      relations = addBagCounts(relations, { matched: 0, predicted: adjacencyRelations(predicted[p]).length, expected: 0 });
  return { matches, unmatchedPredicted, relations };
}
