import { type PreparedText, normalizedLevenshtein, prepareText } from './levenshtein';
import { type MetricTable, spanOf } from './table';
import { normalizeText } from './text';
import { type LabelledTree, treeEditDistance, treeSize } from './tree-edit-distance';

/**
 * TEDS, tree-edit-distance-based similarity (X. Zhong, E. ShafieiBavani, A. Jimeno
 * Yepes, "Image-based table recognition: data, model, and evaluation", ECCV 2020;
 * arXiv:1911.10683, section V), following its reference implementation (PubTabNet `src/metric.py`):
 *
 *   TEDS(Ta, Tb) = 1 − EditDist(Ta, Tb) / max(|Ta|, |Tb|)
 *
 * over the HTML tree table → tr → td. Inserting or deleting a node costs 1; renaming
 * costs 1 when the tags differ or (cells) the colspan or rowspan differ, else for cells
 * the Levenshtein distance between the texts, character by character, over the longer
 * text's length, and 0 for equal non-cell nodes. |T| counts the nodes below the table
 * node, as the reference does (`len(table.xpath(".//*"))`): the root always matches.
 * TEDS-S is the same with cell texts ignored (a cell rename then costs 0 or 1).
 *
 * Header cells: the reference wraps header rows in thead and the rest in tbody. Here a
 * cell with `header: true` becomes th instead, because the truth marks cells, not rows
 * (a header column is th too), and because with thead a missed header row costs
 * deleting and re-inserting the whole row, several times what a wrong span costs. A
 * th/td mismatch costs 1, like any tag difference in the paper. `headers: false` makes
 * every cell td, for truth that does not say which cells are headers.
 *
 * Cell texts are normalised first (NFKC, whitespace collapsed, trimmed: text.ts).
 * Two tables without rows are equal (1); the result is clamped at 0.
 */
export interface TedsOptions {
  /** TEDS-S: compare the structure only. */
  structureOnly?: boolean;
  /** Tell th from td (default true). */
  headers?: boolean;
}

interface TableNode {
  tag: 'table' | 'tr' | 'td' | 'th';
  colSpan: number;
  rowSpan: number;
  /** Normalised, prepared once: each cell is compared with every cell of the other table. */
  text: PreparedText;
}

export function teds(truth: MetricTable, predicted: MetricTable, options: TedsOptions = {}): number {
  const truthTree = tableTree(truth, options);
  const predictedTree = tableTree(predicted, options);
  const nodes = Math.max(treeSize(truthTree), treeSize(predictedTree)) - 1;
  if (nodes === 0) return 1;
  const distance = treeEditDistance(truthTree, predictedTree, options.structureOnly ? renameStructure : renameWithText);
  return Math.max(0, 1 - distance / nodes);
}

/** TEDS-S: TEDS on structure alone (tags and spans), cell texts ignored. */
export function tedsS(truth: MetricTable, predicted: MetricTable, options: Omit<TedsOptions, 'structureOnly'> = {}): number {
  return teds(truth, predicted, { ...options, structureOnly: true });
}

/** The table's HTML tree. Exported for tests. */
export function tableTree(table: MetricTable, options: TedsOptions = {}): LabelledTree<TableNode> {
  const headers = options.headers ?? true;
  const noText = prepareText('');
  const node = (label: TableNode, children: LabelledTree<TableNode>[] = []): LabelledTree<TableNode> => ({ label, children });
  return node(
    { tag: 'table', colSpan: 1, rowSpan: 1, text: noText },
    table.rows.map((row) =>
      node(
        { tag: 'tr', colSpan: 1, rowSpan: 1, text: noText },
        row.map((cell) =>
          node({
            tag: headers && cell.header ? 'th' : 'td',
            colSpan: spanOf(cell.colSpan),
            rowSpan: spanOf(cell.rowSpan),
            text: options.structureOnly ? noText : prepareText(normalizeText(cell.text)),
          }),
        ),
      ),
    ),
  );
}

function renameStructure(a: TableNode, b: TableNode): number {
  return a.tag !== b.tag || a.colSpan !== b.colSpan || a.rowSpan !== b.rowSpan ? 1 : 0;
}

function renameWithText(a: TableNode, b: TableNode): number {
  if (renameStructure(a, b) === 1) return 1;
  return a.tag === 'td' || a.tag === 'th' ? normalizedLevenshtein(a.text, b.text) : 0;
}
