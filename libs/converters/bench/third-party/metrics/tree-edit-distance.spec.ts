import { type LabelledTree, treeEditDistance, treeSize } from './tree-edit-distance';
import { seededRandom } from './test-random';

type Tree = LabelledTree<string>;
const t = (label: string, ...children: Tree[]): Tree => ({ label, children });
const unit = (a: string, b: string) => (a === b ? 0 : 1);

/**
 * The forest recursion of tree edit distance (Zhang & Shasha 1989, lemma 3), memoised
 * but otherwise literal: slow, obviously right, the reference for the package.
 */
function reference(a: Tree, b: Tree, rename: (x: string, y: string) => number): number {
  const size = (forest: readonly Tree[]): number => forest.reduce((sum, tree) => sum + treeSize(tree), 0);
  const key = (forest: readonly Tree[]): string => forest.map((tree) => `${tree.label}(${key(tree.children)})`).join(',');
  const memo = new Map<string, number>();
  const distance = (f: readonly Tree[], g: readonly Tree[]): number => {
    if (f.length === 0) return size(g);
    if (g.length === 0) return size(f);
    const memoKey = `${key(f)}|${key(g)}`;
    const known = memo.get(memoKey);
    if (known !== undefined) return known;
    const v = f[f.length - 1];
    const w = g[g.length - 1];
    const withoutV = [...f.slice(0, -1), ...v.children];
    const withoutW = [...g.slice(0, -1), ...w.children];
    const result = Math.min(
      distance(withoutV, g) + 1,
      distance(f, withoutW) + 1,
      distance(f.slice(0, -1), g.slice(0, -1)) + distance(v.children, w.children) + rename(v.label, w.label),
    );
    memo.set(memoKey, result);
    return result;
  };
  return distance([a], [b]);
}

function randomTree(random: () => number, nodes: number): Tree {
  const all: Tree[] = [t(String.fromCharCode(97 + Math.floor(random() * 3)))];
  while (all.length < nodes) {
    const child = t(String.fromCharCode(97 + Math.floor(random() * 3)));
    all[Math.floor(random() * all.length)].children.push(child);
    all.push(child);
  }
  return all[0];
}

describe('treeEditDistance', () => {
  it('gives Zhang and Shasha’s example its distance of 2', () => {
    // f(d(a c(b)) e) → f(c(d(a b)) e): delete c below d, insert c above d.
    const a = t('f', t('d', t('a'), t('c', t('b'))), t('e'));
    const b = t('f', t('c', t('d', t('a'), t('b'))), t('e'));
    expect(treeEditDistance(a, b, unit)).toBe(2);
  });

  it('is 0 for equal trees and counts every node of an added subtree', () => {
    expect(treeEditDistance(t('r', t('x'), t('y')), t('r', t('x'), t('y')), unit)).toBe(0);
    expect(treeEditDistance(t('r'), t('r', t('x', t('y'), t('z'))), unit)).toBe(3);
  });

  it('agrees with the forest recursion on random trees, with graded rename costs too', () => {
    const random = seededRandom(3);
    const graded = (x: string, y: string) => (x === y ? 0 : x < y ? 0.25 : 0.75);
    for (let i = 0; i < 300; i++) {
      const a = randomTree(random, 1 + Math.floor(random() * 7));
      const b = randomTree(random, 1 + Math.floor(random() * 7));
      expect(treeEditDistance(a, b, unit)).toBe(reference(a, b, unit));
      expect(treeEditDistance(a, b, graded)).toBeCloseTo(reference(a, b, graded), 10);
    }
  });

  it('refuses a node object used twice, which the package would mistake for one node', () => {
    const shared = t('x');
    expect(() => treeEditDistance(t('r', shared, shared), t('r'), unit)).toThrow(/twice/);
  });
});
