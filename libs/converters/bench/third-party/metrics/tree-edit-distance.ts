import { ted } from 'edit-distance';

/** An ordered, labelled tree, as TEDS and MHS build them. */
export interface LabelledTree<L> {
  label: L;
  children: LabelledTree<L>[];
}

/**
 * Tree edit distance with insertion and deletion costing 1 and renaming costing
 * `rename(labelA, labelB)` (0 for equal labels, at most 1). Zhang–Shasha as the
 * `edit-distance` package implements it: exact, like the APTED the references use
 * (APTED only chooses a cheaper decomposition, the distance is the same).
 *
 * The package calls the rename cost once per pair of subforests it compares, often
 * millions of times on a large table, so the cost of each node pair is cached.
 */
export function treeEditDistance<L>(a: LabelledTree<L>, b: LabelledTree<L>, rename: (labelA: L, labelB: L) => number): number {
  const indexA = indexNodes(a);
  const indexB = indexNodes(b);
  const cache = new Float64Array(indexA.size * indexB.size).fill(Number.NaN);
  const update = (nodeA: LabelledTree<L>, nodeB: LabelledTree<L>): number => {
    const slot = (indexA.get(nodeA) as number) * indexB.size + (indexB.get(nodeB) as number);
    if (Number.isNaN(cache[slot])) cache[slot] = rename(nodeA.label, nodeB.label);
    return cache[slot];
  };
  const one = (): number => 1;
  return ted(a, b, (node) => node.children, one, one, update).distance;
}

/** The number of nodes of a tree, root included. */
export function treeSize<L>(tree: LabelledTree<L>): number {
  let size = 1;
  for (const child of tree.children) size += treeSize(child);
  return size;
}

function indexNodes<L>(root: LabelledTree<L>): Map<LabelledTree<L>, number> {
  const index = new Map<LabelledTree<L>, number>();
  const stack = [root];
  while (stack.length > 0) {
    const node = stack.pop() as LabelledTree<L>;
    // The package finds nodes by identity: a node object used twice would break it.
    if (index.has(node)) throw new Error('treeEditDistance: a node appears twice in one tree');
    index.set(node, index.size);
    stack.push(...node.children);
  }
  return index;
}
