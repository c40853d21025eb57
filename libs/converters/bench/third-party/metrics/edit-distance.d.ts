/**
 * The part of the `edit-distance` package (1.0.5, Apache-2.0; plain JavaScript, no
 * types of its own) that tree-edit-distance.ts uses.
 */
declare module 'edit-distance' {
  /** The result; the package also offers the mapping (pairs()) and alignment, unused here. */
  interface Mapping {
    distance: number;
  }
  /** Zhang–Shasha tree edit distance; nodes are compared by identity, so pass distinct objects. */
  export function ted<T>(
    rootA: T,
    rootB: T,
    children: (node: T) => readonly T[] | undefined,
    insert: (node: T) => number,
    remove: (node: T) => number,
    update: (nodeA: T, nodeB: T) => number,
  ): Mapping;
}
