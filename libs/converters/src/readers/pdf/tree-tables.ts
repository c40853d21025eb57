import type { TaggedTable } from '../../layout/page-text';
import { type StructNode, mcidOf } from './tagged-headings';

/** Elements of a page's tree visited at most (see tagged-headings.ts). */
const MAX_NODES = 20_000;

/**
 * The tables a page's tag tree declares: Table → (THead/TBody/TFoot) → TR → TH/TD.
 * pdf.js's tree carries no attributes, so spans are not known: a row with fewer cells
 * is padded. Tables nested in a cell are read as that cell's content.
 */
export function treeTables(tree: StructNode | null): TaggedTable[] {
  const tables: TaggedTable[] = [];
  if (!tree) return tables;
  let visited = 0;
  const mcidsIn = (node: StructNode, out: number[]): number[] => {
    if (++visited > MAX_NODES) return out;
    if ('id' in node) {
      const mcid = node.type === 'content' ? mcidOf(node.id) : undefined;
      if (mcid !== undefined) out.push(mcid);
      return out;
    }
    for (const child of node.children ?? []) mcidsIn(child, out);
    return out;
  };
  const rowsOf = (node: StructNode, rows: TaggedTable['rows']): void => {
    if ('id' in node || ++visited > MAX_NODES) return;
    if (node.role === 'TR') {
      const cells = (node.children ?? []).filter(
        (cell): cell is Extract<StructNode, { role: string }> => !('id' in cell) && (cell.role === 'TD' || cell.role === 'TH'),
      );
      rows.push(cells.map((cell) => ({ header: cell.role === 'TH', mcids: mcidsIn(cell, []) })));
      return;
    }
    for (const child of node.children ?? []) rowsOf(child, rows);
  };
  const walk = (node: StructNode): void => {
    if ('id' in node || ++visited > MAX_NODES || node.role === 'Artifact') return;
    if (node.role === 'Table') {
      const rows: TaggedTable['rows'] = [];
      rowsOf(node, rows);
      if (rows.length > 0) tables.push({ rows });
      return;
    }
    for (const child of node.children ?? []) walk(child);
  };
  walk(tree);
  return tables;
}

/**
 * The page's marked content in the tree's order, artifacts left out: the page's
 * reading order as its exporter declared it. Its first and last MCIDs say whether a
 * table opens or closes the page (page-tags.ts).
 */
export function treeOrder(tree: StructNode | null): number[] {
  const order: number[] = [];
  let visited = 0;
  const walk = (node: StructNode): void => {
    if (++visited > MAX_NODES) return;
    if ('id' in node) {
      const mcid = node.type === 'content' ? mcidOf(node.id) : undefined;
      if (mcid !== undefined) order.push(mcid);
      return;
    }
    if (node.role !== 'Artifact') for (const child of node.children ?? []) walk(child);
  };
  if (tree) walk(tree);
  return order;
}
