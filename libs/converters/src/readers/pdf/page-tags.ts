import type { HeadingHint } from './heading-hints';
import { type StructNode, hasHeadings, mcidOf, treeHeadings } from './tagged-headings';
import { type TaggedTable, treeTables } from './tagged-tables';

/** The part of a pdf.js page read here. */
interface TaggedPage {
  getStructTree(): Promise<unknown>;
}

/** What a page's tag tree declares that the reader uses. */
export interface PageTags {
  /** Its headings (heading-hints.ts takes them as it takes an outline's). */
  headings: HeadingHint[];
  /** Its tables, by the MCIDs of their cells (tagged-tables.ts). */
  tables: TaggedTable[];
}

const NONE: PageTags = { headings: [], tables: [] };

/**
 * The headings and tables a tagged page declares. A page without a tree, or whose
 * tree tags neither (exporters that tag everything as P), costs one struct-tree
 * request and gives none; a damaged tree gives none either, and the page is read by
 * its look alone. `texts` is the text of each MCID as the page's runs give it (their
 * letters are what a heading is matched by, heading-hints.ts); a table's cells are
 * found by the MCIDs of the page's items (tagged-tables.ts).
 */
export async function pageTags(page: TaggedPage, pageNumber: number, texts: ReadonlyMap<number, string>): Promise<PageTags> {
  try {
    const tree = (await page.getStructTree()) as StructNode | null;
    const tables = treeTables(tree);
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
