import { type BagCounts, EMPTY_BAG, addBagCounts, bagCounts, f1 } from '../metrics/bag-f1';
import { extractMarkdownStructure, type MarkdownStructure } from '../metrics/markdown-structure';
import { EMPTY_RECALL, type RecallCounts, addRecallCounts, recall, recallCounts } from '../metrics/recall';
import { tokenize } from '../metrics/tokens';
import type { Metric } from './manifest';

export interface GroundTruth {
  text: string;
  structure?: MarkdownStructure;
}

/** What a tool made of one document; a tool without markdown output leaves it undefined. */
export interface ToolOutput {
  text: string;
  markdown?: string;
}

/** The counts of one document or of a pooled group of documents. */
export interface Counts {
  text?: BagCounts;
  headings?: RecallCounts;
  lists?: RecallCounts;
  tables?: RecallCounts;
}

const headingKey = (heading: { level: number; text: string }): string => `${heading.level} ${heading.text}`;

/**
 * Counts for the metrics that apply to a document; structure metrics need markdown
 * output (headings: level and text; lists: item text; tables: cell text).
 */
export function scoreDocument(truth: GroundTruth, output: ToolOutput, metrics: readonly Metric[]): Counts {
  const counts: Counts = {};
  if (metrics.includes('text')) counts.text = bagCounts(tokenize(truth.text), tokenize(output.text));
  if (output.markdown === undefined || !truth.structure) return counts;
  const found = extractMarkdownStructure(output.markdown);
  if (metrics.includes('headings'))
    counts.headings = recallCounts(truth.structure.headings.map(headingKey), found.headings.map(headingKey));
  if (metrics.includes('lists')) counts.lists = recallCounts(truth.structure.listItems, found.listItems);
  if (metrics.includes('tables')) counts.tables = recallCounts(truth.structure.tableCells, found.tableCells);
  return counts;
}

/** Pools counts over documents (micro average: every token or item weighs the same). */
export function addCounts(a: Counts, b: Counts): Counts {
  const bag = (x?: BagCounts, y?: BagCounts) => (x || y ? addBagCounts(x ?? EMPTY_BAG, y ?? EMPTY_BAG) : undefined);
  const rec = (x?: RecallCounts, y?: RecallCounts) => (x || y ? addRecallCounts(x ?? EMPTY_RECALL, y ?? EMPTY_RECALL) : undefined);
  return {
    text: bag(a.text, b.text),
    headings: rec(a.headings, b.headings),
    lists: rec(a.lists, b.lists),
    tables: rec(a.tables, b.tables),
  };
}

/** The four scores; null where the metric does not apply (or had nothing to find). */
export function scores(counts: Counts): Record<Metric, number | null> {
  return {
    text: counts.text ? f1(counts.text) : null,
    headings: counts.headings ? recall(counts.headings) : null,
    lists: counts.lists ? recall(counts.lists) : null,
    tables: counts.tables ? recall(counts.tables) : null,
  };
}
