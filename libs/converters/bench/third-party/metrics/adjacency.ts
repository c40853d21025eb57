import { tokenize } from '../../metrics/tokens';
import { type BagCounts, bagCounts } from '../../metrics/bag-f1';
import { layoutGrid } from './grid';
import type { MetricTable } from './table';

/**
 * Adjacency relations of a table, the cell-structure measure of the ICDAR 2013 table
 * competition (M. Göbel, T. Hassan, E. Oro, G. Orsi, "ICDAR 2013 Table Competition",
 * ICDAR 2013; the method from their "A methodology for evaluating algorithms for table
 * understanding in PDF documents", DocEng 2012): every non-empty cell is related to its
 * nearest non-empty neighbour to the right in the same row and below in the same
 * column; empty cells are skipped, so a missing blank cell is no error. Relations are
 * compared as a multiset of (text, neighbour's text, direction) and scored by precision,
 * recall and F1 (counts.ts), pooled over documents.
 *
 * Spans: the relations are read off the table's grid of slots (grid.ts), where a
 * spanning cell fills every slot it covers. So a cell spanning two columns has a
 * neighbour below in each, one spanning two rows a neighbour to the right in each;
 * relations join distinct cells only (a cell is never its own neighbour across its own
 * slots), and two cells that are neighbours in several rows or columns (both spanning
 * the same rows) are related once.
 *
 * A cell's text is its tokens (tokens.ts: NFKC, lowercased, punctuation dropped) joined
 * by single spaces; a cell with no token ("", "–") is empty.
 */
export type Direction = 'right' | 'down';

export interface AdjacencyRelation {
  from: string;
  to: string;
  direction: Direction;
}

export function adjacencyRelations(table: MetricTable): AdjacencyRelation[] {
  const { cells, grid, columns } = layoutGrid(table);
  const texts = cells.map((cell) => tokenize(cell.text).join(' '));
  const relations: AdjacencyRelation[] = [];
  const seen = new Set<string>();
  const relate = (line: readonly number[], direction: Direction): void => {
    // The line's distinct non-empty cells in order: drop empty slots, then repeats of a spanning cell.
    const filled = line.filter((cell) => cell >= 0 && texts[cell] !== '');
    for (let i = 1; i < filled.length; i++) {
      const [from, to] = [filled[i - 1], filled[i]];
      const key = `${from} ${to} ${direction}`;
      if (from === to || seen.has(key)) continue;
      seen.add(key);
      relations.push({ from: texts[from], to: texts[to], direction });
    }
  };
  for (const row of grid) relate(row, 'right');
  for (let c = 0; c < columns; c++) {
    const column = grid.map((row) => row[c]);
    relate(column, 'down');
  }
  return relations;
}

/** Matched, predicted and expected relations of one truth table and the predicted table matched to it. */
export function adjacencyCounts(truth: MetricTable, predicted: MetricTable): BagCounts {
  return bagCounts(adjacencyRelations(truth).map(relationKey), adjacencyRelations(predicted).map(relationKey));
}

function relationKey(relation: AdjacencyRelation): string {
  // Tokens hold no control characters, so U+0001 cannot occur inside a text.
  return `${relation.from}\u0001${relation.to}\u0001${relation.direction}`;
}
