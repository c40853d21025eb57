import { type DeclaredTable, type DeclaredTables, rowsOnPage } from './declared-tables';
import type { HeadingHint } from '../../layout/heading-hints';
import { type StructNode, hasHeadings, mcidOf, treeHeadings } from './tagged-headings';
import type { TaggedTable } from '../../layout/page-text';
import { treeOrder, treeTables } from './tree-tables';

/** The part of a pdf.js page read here. */
interface TaggedPage {
  getStructTree(): Promise<unknown>;
}

/** What a page's tag tree declares that the reader uses. */
export interface PageTags {
  /** Its headings (layout/heading-hints.ts takes them as it takes an outline's). */
  headings: HeadingHint[];
  /** Its tables, by the MCIDs of their cells (tree-tables.ts). */
  tables: TaggedTable[];
}

const NONE: PageTags = { headings: [], tables: [] };

/**
 * The headings and tables a tagged page declares. A page without a tree, or whose
 * tree tags neither (exporters that tag everything as P), costs one struct-tree
 * request and gives none; a damaged tree gives none either, and the page is read by
 * its look alone. `texts` is the text of each MCID as the page's runs give it (their
 * letters are what a heading is matched by, layout/heading-hints.ts); a table's cells are
 * found by the MCIDs of the page's items (layout/tables/tagged-tables.ts).
 */
export async function pageTags(
  page: TaggedPage,
  pageNumber: number,
  texts: ReadonlyMap<number, string>,
  declared: () => Promise<DeclaredTables>,
): Promise<PageTags> {
  try {
    const tree = (await page.getStructTree()) as StructNode | null;
    const tables = await withParts(await inFull(treeTables(tree), pageNumber, declared), tree, pageNumber, declared);
    if (!hasHeadings(tree)) return { headings: [], tables };
    const headings = treeHeadings(tree, pageNumber, (id) => {
      const mcid = mcidOf(id);
      return mcid === undefined ? '' : (texts.get(mcid) ?? '');
    });
    return { headings, tables };
  } catch {
    return NONE;
  }
}

/**
 * A table whose rows pdf.js lists with unequal numbers of cells is taken from the file's
 * full tree instead (declared-tables.ts): there its empty cells and spans are known.
 */
async function inFull(tables: TaggedTable[], page: number, declared: () => Promise<DeclaredTables>): Promise<TaggedTable[]> {
  if (tables.every((table) => table.rows.every((row) => row.length === table.rows[0].length))) return tables;
  const index = await declared();
  return tables.map((table) => {
    if (table.rows.every((row) => row.length === table.rows[0].length)) return table;
    const full = declaredOf(table, index, page);
    return (full && onPage(full, page)) ?? table;
  });
}

/** A declared table's rows on this page, every cell of them (empty ones and spans known), or undefined when none is. */
function onPage(full: DeclaredTable, page: number): TaggedTable | undefined {
  const rows = rowsOnPage(full, page);
  if (rows.length === 0) return undefined;
  return {
    complete: true as const,
    rows: rows.map((row) =>
      row.map((cell) => ({
        header: cell.header,
        mcids: cell.marks.map((mark) => mark.mcid),
        ...(cell.rowSpan > 1 ? { rowSpan: cell.rowSpan } : {}),
        ...(cell.colSpan > 1 ? { colSpan: cell.colSpan } : {}),
      })),
    ),
  };
}

/**
 * A table that opens or closes the page (its cells hold the page's first or last marked
 * content in the tree's order) and that the file's full tree shows going on over another
 * page is marked with that table's identity, the page and MCID of its first cell's text:
 * the same on every page it crosses, whichever reader reads them, so its parts are joined
 * as the file declares them (layout/tables/continued-tables.ts) however their text lines up,
 * and read from the full tree, so that every part has the table's columns.
 */
async function withParts(
  tables: TaggedTable[],
  tree: StructNode | null,
  page: number,
  declared: () => Promise<DeclaredTables>,
): Promise<TaggedTable[]> {
  // Most tagged pages have no table: their tree is not walked again.
  if (tables.length === 0) return tables;
  const order = treeOrder(tree);
  const edges = new Set([order[0], order[order.length - 1]]);
  const atEdge = (table: TaggedTable) => table.rows.some((row) => row.some((cell) => cell.mcids.some((mcid) => edges.has(mcid))));
  if (!tables.some(atEdge)) return tables;
  const index = await declared();
  return tables.map((table) => {
    const full = atEdge(table) ? declaredOf(table, index, page) : undefined;
    const marks = full?.rows.flatMap((row) => row.flatMap((cell) => cell.marks)) ?? [];
    if (!full || marks.every((mark) => mark.page === page)) return table;
    if (inColumnBands(full, page)) return table;
    // Each part read in full: a column empty on this page (pdf.js lists no cell without text) keeps its place, so the parts are as wide as the table.
    return { ...((!table.complete && onPage(full, page)) || table), part: `${marks[0].page}:${marks[0].mcid}` };
  });
}

/**
 * A sheet too wide for its paper, printed a band of its columns per page: every page
 * holds the same rows. Parts that follow one another down share only the rows a page
 * break cut through, at either end of a part; a row inside this page's part that also
 * holds another page's text says the table goes across, not down.
 */
export function inColumnBands(full: DeclaredTable, page: number): boolean {
  const sharedHere = full.rows.flatMap((row) => {
    const pages = new Set(row.flatMap((cell) => cell.marks.map((mark) => mark.page)));
    return pages.has(page) ? [pages.size > 1] : [];
  });
  return sharedHere.slice(1, -1).some(Boolean);
}

/** The file's full table a page's table is part of, found by its first cell's marked content. */
function declaredOf(table: TaggedTable, index: DeclaredTables, page: number): DeclaredTable | undefined {
  const mcid = table.rows.flat().find((cell) => cell.mcids.length > 0)?.mcids[0];
  return mcid === undefined ? undefined : index.at(page, mcid);
}
