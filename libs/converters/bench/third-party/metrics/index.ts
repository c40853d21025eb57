// The third-party benchmark's scoring metrics; each file says which published definition it follows.
export { type AdjacencyRelation, type Direction, adjacencyCounts, adjacencyRelations } from './adjacency';
export { type BagCounts, EMPTY_BAG, addBagCounts, f1, precision, recall } from './counts';
export { type HeadingCounts, type MetricHeading, headingCounts } from './headings';
export { type MhsScores, headingTreeSimilarity, mhs } from './mhs';
export { type FlatSpans, flattenSpans } from './flat-spans';
export { nid } from './nid';
export type { MetricCell, MetricTable } from './table';
export { type MatchOptions, type PageTableScores, type TableMatch, scorePageTables } from './table-matching';
export { type TedsOptions, teds, tedsS } from './teds';
export { wordCounts, wordF1 } from './word-f1';
