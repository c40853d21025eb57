import type { MetricHeading } from './headings';
import { type PreparedText, normalizedLevenshtein, prepareText } from './levenshtein';
import { normalizeText } from './text';
import { type LabelledTree, treeEditDistance, treeSize } from './tree-edit-distance';

/**
 * MHS and MHS-S, "markdown hierarchical similarity", as opendataloader-bench defines
 * them (its `evaluator_heading_level.py`; the definition read from its tests,
 * tests/test_evaluator_heading_level.py, and from two published copies of the
 * evaluator): the document is a tree, a root with every heading as a direct child in
 * reading order, whatever its level ("heading levels are treated equally"), and the
 * text under each heading as that heading's one content child. Similarity is
 * 1 − TED / max(|A|, |B|), node counts including the root, with insertion and deletion
 * costing 1 and renaming 1 between a heading and a content node, else the Levenshtein
 * distance of the texts over the longer length (MHS) or 0 (MHS-S); clamped to [0, 1].
 * No heading in the truth: no score (null); none in the prediction: 0.
 *
 * Here the tree holds the headings only, no content nodes: the truth gives the
 * document's headings and its text, not the text under each heading. With flat
 * headings MHS is then a graded edit distance over the heading sequence, and MHS-S
 * only compares how many headings there are. Texts are normalised by text.ts (the
 * reference only collapses whitespace; NFKC is added so ligatures agree).
 *
 * Because MHS ignores levels, headingTreeSimilarity below adds a level-aware variant.
 */
export interface MhsScores {
  mhs: number;
  mhsS: number;
}

export function mhs(truth: readonly MetricHeading[], predicted: readonly MetricHeading[]): MhsScores | null {
  if (truth.length === 0) return null;
  if (predicted.length === 0) return { mhs: 0, mhsS: 0 };
  // Every heading at level 1: MHS ignores levels, and 0 is kept for the root.
  const flat = (headings: readonly MetricHeading[]) =>
    node(
      { level: 0, text: NO_TEXT },
      headings.map((heading) => node({ level: 1, text: prepareText(normalizeText(heading.text)) })),
    );
  const truthTree = flat(truth);
  const predictedTree = flat(predicted);
  const isRoot = (label: HeadingNode) => label.level === 0;
  return {
    mhs: similarity(truthTree, predictedTree, (a, b) => (isRoot(a) !== isRoot(b) ? 1 : normalizedLevenshtein(a.text, b.text))),
    mhsS: similarity(truthTree, predictedTree, (a, b) => (isRoot(a) !== isRoot(b) ? 1 : 0)),
  };
}

/**
 * A level-aware heading similarity, for where MHS is blind: the headings as a tree by
 * level, each heading a child of the nearest earlier heading of a lower level (or of
 * the root), compared like MHS (1 − TED / max(|A|, |B|), root counted) with renaming
 * costing the normalised Levenshtein distance of the texts plus 1 if the levels differ,
 * at most 1. A wrong level costs at least that heading's rename, and more where it
 * moves the headings below it to another parent. Null and 0 as for MHS.
 */
export function headingTreeSimilarity(truth: readonly MetricHeading[], predicted: readonly MetricHeading[]): number | null {
  if (truth.length === 0) return null;
  if (predicted.length === 0) return 0;
  return similarity(headingTree(truth), headingTree(predicted), (a, b) =>
    Math.min(1, normalizedLevenshtein(a.text, b.text) + (a.level === b.level ? 0 : 1)),
  );
}

interface HeadingNode {
  /** 0 for the root. */
  level: number;
  text: PreparedText;
}

const NO_TEXT = prepareText('');

function node(label: HeadingNode, children: LabelledTree<HeadingNode>[] = []): LabelledTree<HeadingNode> {
  return { label, children };
}

function headingTree(headings: readonly MetricHeading[]): LabelledTree<HeadingNode> {
  const root = node({ level: 0, text: NO_TEXT });
  // The open headings, root first, levels strictly increasing.
  const open = [root];
  for (const heading of headings) {
    // Levels below 1 would be taken for the root; the truth keeps levels in 1–6.
    const level = Math.max(1, heading.level);
    while (open[open.length - 1].label.level >= level) open.pop();
    const child = node({ level, text: prepareText(normalizeText(heading.text)) });
    open[open.length - 1].children.push(child);
    open.push(child);
  }
  return root;
}

function similarity(
  a: LabelledTree<HeadingNode>,
  b: LabelledTree<HeadingNode>,
  rename: (labelA: HeadingNode, labelB: HeadingNode) => number,
): number {
  const distance = treeEditDistance(a, b, rename);
  return Math.max(0, Math.min(1, 1 - distance / Math.max(treeSize(a), treeSize(b))));
}
