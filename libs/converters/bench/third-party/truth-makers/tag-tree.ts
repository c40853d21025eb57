import { type DeclaredTables, rowsOnPage } from '../../../src/readers/pdf/declared-tables';
import { type StructNode, mcidOf, treeHeadings } from '../../../src/readers/pdf/tagged-headings';
import type { TruthCell, TruthHeading, TruthTable } from '../truth';

export type { StructNode };

/** What a tag tree says, read in its own order. */
export interface TagTreeTruth {
  headings: TruthHeading[];
  tables: TruthTable[];
  /** The text of every element outside tables, in the tree's order, one block per line. */
  text: string;
}

/** Roles whose content is one block of text (a line of the reading-order text). */
const BLOCKS = new Set([
  'P',
  'H',
  'H1',
  'H2',
  'H3',
  'H4',
  'H5',
  'H6',
  'LI',
  'Lbl',
  'LBody',
  'Caption',
  'TOCI',
  'Note',
  'BlockQuote',
  'Title',
]);

const clean = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * Reads headings, tables and the reading-order text from pages' tag trees. `textOf`
 * gives the text of one marked-content reference on its page. Roles are the standard
 * ones (the reference suite maps its custom roles to them). Headings are read as the
 * PDF reader reads them (treeHeadings: `H` without a number takes the depth of nested
 * sections); tables come from Table/TR/TH/TD. pdf.js's tree lists neither empty cells
 * nor spans (it has no attributes), so a table whose rows there differ in length is
 * taken from the file's full tree (`declared`, declared-tables.ts), which has both.
 */
export function readTagTree(
  pages: { page: number; tree: StructNode | null; textOf: (id: string) => string }[],
  declared?: DeclaredTables,
): TagTreeTruth {
  const headings: TruthHeading[] = [];
  const tables: TruthTable[] = [];
  const lines: string[] = [];

  for (const { page, tree, textOf } of pages) {
    const textIn = (node: StructNode): string => {
      if ('id' in node) return node.type === 'content' ? textOf(node.id) : '';
      return (node.children ?? []).map(textIn).join(' ');
    };
    headings.push(...treeHeadings(tree, page, textOf));
    const walk = (node: StructNode): void => {
      if ('id' in node) {
        const text = clean(textIn(node));
        if (text) lines.push(text);
        return;
      }
      const role = node.role;
      if (role === 'Artifact') return;
      if (role === 'Table') {
        const rows = tableRows(node, (cell) => clean(textIn(cell)));
        const ragged = rows.some((row) => row.length !== rows[0].length);
        tables.push({ page, rows: (ragged && declared && declaredRows(node, page, declared, textOf)) || rows });
        return;
      }
      if (BLOCKS.has(role)) {
        const text = clean(textIn(node));
        if (text) lines.push(text);
        return;
      }
      for (const child of node.children ?? []) walk(child);
    };
    if (tree) walk(tree);
  }
  return { headings, tables, text: lines.join('\n') };
}

function tableRows(table: StructNode, textOf: (cell: StructNode) => string): TruthCell[][] {
  const rows: TruthCell[][] = [];
  const visit = (node: StructNode) => {
    if ('id' in node) return;
    if (node.role === 'TR') {
      rows.push(
        (node.children ?? [])
          .filter((cell): cell is Extract<StructNode, { role: string }> => !('id' in cell) && (cell.role === 'TD' || cell.role === 'TH'))
          .map((cell) => (cell.role === 'TH' ? { text: textOf(cell), header: true } : { text: textOf(cell) })),
      );
      return;
    }
    for (const child of node.children ?? []) visit(child);
  };
  visit(table);
  return rows;
}

/** The table's rows on this page as the file's full tree gives them, empty cells and spans included. */
function declaredRows(
  table: StructNode,
  page: number,
  declared: DeclaredTables,
  textOf: (id: string) => string,
): TruthCell[][] | undefined {
  const texts = new Map<number, string>();
  const collect = (node: StructNode): void => {
    if ('id' in node) {
      const mcid = node.type === 'content' ? mcidOf(node.id) : undefined;
      if (mcid !== undefined) texts.set(mcid, textOf(node.id));
      return;
    }
    for (const child of node.children ?? []) collect(child);
  };
  collect(table);
  const first = texts.keys().next();
  const full = first.done ? undefined : declared.at(page, first.value);
  if (!full) return undefined;
  return rowsOnPage(full, page).map((row) =>
    row.map((cell) => {
      const text = clean(cell.marks.map((mark) => texts.get(mark.mcid) ?? '').join(' '));
      const out: TruthCell = { text };
      if (cell.rowSpan > 1) out.rowSpan = cell.rowSpan;
      if (cell.colSpan > 1) out.colSpan = cell.colSpan;
      if (cell.header) out.header = true;
      return out;
    }),
  );
}
