import { adjacencyCounts, adjacencyRelations } from './adjacency';
import type { MetricTable } from './table';

const keys = (table: MetricTable) => adjacencyRelations(table).map((r) => `${r.from}${r.direction === 'right' ? '→' : '↓'}${r.to}`);

// The 3×3 grid:  A | B (colspan 2)
//                C | (empty) | D
//                E | F | G
const grid3x3: MetricTable = {
  rows: [
    [{ text: 'A' }, { text: 'B', colSpan: 2 }],
    [{ text: 'C' }, { text: '' }, { text: 'D' }],
    [{ text: 'E' }, { text: 'F' }, { text: 'G' }],
  ],
};

describe('adjacencyRelations', () => {
  it('relates each non-empty cell to its next non-empty neighbour right and below, spans in every slot', () => {
    expect(keys(grid3x3).sort()).toEqual(
      [
        // Rows: B's two slots are one cell; the empty cell is skipped.
        'a→b',
        'c→d',
        'e→f',
        'f→g',
        // Columns: B is above both the empty cell (so F) and D.
        'a↓c',
        'c↓e',
        'b↓f',
        'b↓d',
        'd↓g',
      ].sort(),
    );
  });

  it('relates two cells once when they are neighbours in several rows, and never a cell to itself', () => {
    const table: MetricTable = {
      rows: [
        [
          { text: 'X', rowSpan: 2 },
          { text: 'Y', rowSpan: 2 },
        ],
        [],
      ],
    };
    expect(keys(table)).toEqual(['x→y']);
  });

  it('treats a cell without tokens as empty and compares tokens, not spelling', () => {
    const table: MetricTable = { rows: [[{ text: 'Total:' }, { text: '–' }, { text: '1,200' }]] };
    expect(keys(table)).toEqual(['total→1 200']);
  });
});

describe('adjacencyCounts', () => {
  it('compares relations as multisets', () => {
    // The predicted table misses B's span: B stays above F, D loses B above it.
    const predicted: MetricTable = {
      rows: [
        [{ text: 'A' }, { text: 'B' }, { text: '' }],
        [{ text: 'C' }, { text: '' }, { text: 'D' }],
        [{ text: 'E' }, { text: 'F' }, { text: 'G' }],
      ],
    };
    expect(adjacencyCounts(grid3x3, predicted)).toEqual({ matched: 8, predicted: 8, expected: 9 });
    expect(adjacencyCounts(grid3x3, grid3x3)).toEqual({ matched: 9, predicted: 9, expected: 9 });
  });

  it('counts a relation repeated in the truth as often as it occurs', () => {
    const truth: MetricTable = { rows: [[{ text: 'n' }, { text: 'n' }, { text: 'n' }]] };
    const predicted: MetricTable = { rows: [[{ text: 'n' }, { text: 'n' }]] };
    expect(adjacencyCounts(truth, predicted)).toEqual({ matched: 1, predicted: 1, expected: 2 });
  });
});
