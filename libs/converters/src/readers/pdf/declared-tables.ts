import { PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber, PDFRef } from 'pdf-lib';

/**
 * Tables as a tagged PDF's structure tree declares them in full, read from the file with
 * pdf-lib. pdf.js's per-page tree (page.getStructTree) is built from the page's marked
 * content, so it has no cell without text and no attributes: a row missing a cell may be
 * an empty cell (LibreOffice and Word tag them, with nothing inside) or a cell above
 * spanning down, and a short row may hold a cell spanning columns. The file says which:
 * every TD and TH is in the tree, with `RowSpan` and `ColSpan` in its Table attributes
 * (ISO 32000-1, 14.8.5.7). Read only for a page whose tagged table has rows of unequal
 * length, once per document.
 */

export interface DeclaredCell {
  header: boolean;
  rowSpan: number;
  colSpan: number;
  /** The marked content the cell holds, by 1-based page, in the tree's order. */
  marks: Array<{ page: number; mcid: number }>;
}

export interface DeclaredTable {
  rows: DeclaredCell[][];
}

/** Each table of a document, found by any marked content in its cells. */
export interface DeclaredTables {
  at(page: number, mcid: number): DeclaredTable | undefined;
}

export const NO_DECLARED_TABLES: DeclaredTables = { at: () => undefined };

/**
 * A table's rows on one page: from the first to the last that holds the page's marked
 * content, the empty rows between them included, as the source has them (none when no
 * row does). Each cell keeps its marks on that page only.
 */
export function rowsOnPage(table: DeclaredTable, page: number): DeclaredCell[][] {
  const here = table.rows.map((row) => row.some((cell) => cell.marks.some((mark) => mark.page === page)));
  return table.rows
    .slice(here.indexOf(true), here.lastIndexOf(true) + 1)
    .map((row) => row.map((cell) => ({ ...cell, marks: cell.marks.filter((mark) => mark.page === page) })));
}

/** Elements read at most: a real tree has thousands; the bound keeps a hostile one cheap. */
const MAX_ELEMENTS = 500_000;
/** Spans above this are damage, not layout. */
const MAX_SPAN = 1_000;
const ROLE_HOPS = 8;

const STANDARD = new Set(['Table', 'THead', 'TBody', 'TFoot', 'TR', 'TH', 'TD']);

const name = (key: string) => PDFName.of(key);

function nameText(value: unknown): string | undefined {
  return value instanceof PDFName ? value.decodeText() : undefined;
}

export async function readDeclaredTables(bytes: Uint8Array): Promise<DeclaredTables> {
  let doc: PDFDocument;
  try {
    doc = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false, throwOnInvalidObject: false });
  } catch {
    return NO_DECLARED_TABLES;
  }
  const resolve = (value: unknown): unknown => (value instanceof PDFRef ? doc.context.lookup(value) : value);
  const root = resolve(doc.catalog.get(name('StructTreeRoot')));
  if (!(root instanceof PDFDict)) return NO_DECLARED_TABLES;
  const roleMap = resolve(root.get(name('RoleMap')));
  const roleOf = (type: string | undefined): string | undefined => {
    let role = type;
    for (let hop = 0; role && !STANDARD.has(role) && hop < ROLE_HOPS && roleMap instanceof PDFDict; hop++)
      role = nameText(resolve(roleMap.get(name(role))));
    return role;
  };
  const pageNumbers = new Map<string, number>();
  doc.getPages().forEach((page, index) => pageNumbers.set(page.ref.toString(), index + 1));
  const pageOf = (dict: PDFDict, inherited: number | undefined): number | undefined => {
    const ref = dict.get(name('Pg'));
    return ref instanceof PDFRef ? (pageNumbers.get(ref.toString()) ?? inherited) : inherited;
  };

  const byMark = new Map<string, DeclaredTable>();
  const seen = new Set<unknown>();
  let elements = 0;

  /** The marked content under a structure element, depth first. */
  const marksIn = (kids: unknown, page: number | undefined, out: DeclaredCell['marks']): void => {
    const kid = resolve(kids);
    if (elements > MAX_ELEMENTS || (typeof kid === 'object' && kid !== null && seen.has(kid))) return;
    if (kid instanceof PDFArray) {
      for (let i = 0; i < kid.size(); i++) marksIn(kid.get(i), page, out);
    } else if (kid instanceof PDFNumber) {
      if (page !== undefined) out.push({ page, mcid: kid.asNumber() });
    } else if (kid instanceof PDFDict) {
      seen.add(kid);
      elements++;
      const mcid = resolve(kid.get(name('MCID')));
      if (mcid instanceof PDFNumber) {
        const at = pageOf(kid, page);
        if (at !== undefined) out.push({ page: at, mcid: mcid.asNumber() });
      } else marksIn(kid.get(name('K')), pageOf(kid, page), out);
    }
  };

  const spanOf = (cell: PDFDict, key: 'RowSpan' | 'ColSpan'): number => {
    const attributes = resolve(cell.get(name('A')));
    const owners = attributes instanceof PDFArray ? attributes.asArray().map(resolve) : [attributes];
    for (const owner of owners) {
      if (!(owner instanceof PDFDict)) continue;
      const value = resolve(owner.get(name(key)));
      if (value instanceof PDFNumber) {
        const span = Math.trunc(value.asNumber());
        return span >= 1 && span <= MAX_SPAN ? span : 1;
      }
    }
    return 1;
  };

  const childElements = (dict: PDFDict): PDFDict[] => {
    const kids = resolve(dict.get(name('K')));
    const list = kids instanceof PDFArray ? kids.asArray().map(resolve) : [kids];
    return list.filter((kid): kid is PDFDict => kid instanceof PDFDict && kid.get(name('S')) !== undefined);
  };

  const readTable = (table: PDFDict, page: number | undefined): void => {
    const rows: DeclaredCell[][] = [];
    const collectRows = (dict: PDFDict, at: number | undefined, depth: number): void => {
      for (const child of childElements(dict)) {
        if (++elements > MAX_ELEMENTS || seen.has(child)) return;
        seen.add(child);
        const role = roleOf(nameText(child.get(name('S'))));
        const childPage = pageOf(child, at);
        if (role === 'TR') {
          const cells: DeclaredCell[] = [];
          for (const cell of childElements(child)) {
            const cellRole = roleOf(nameText(cell.get(name('S'))));
            if (cellRole !== 'TD' && cellRole !== 'TH') continue;
            const marks: DeclaredCell['marks'] = [];
            marksIn(cell.get(name('K')), pageOf(cell, childPage), marks);
            cells.push({ header: cellRole === 'TH', rowSpan: spanOf(cell, 'RowSpan'), colSpan: spanOf(cell, 'ColSpan'), marks });
          }
          rows.push(cells);
        } else if ((role === 'THead' || role === 'TBody' || role === 'TFoot') && depth < 4) collectRows(child, childPage, depth + 1);
      }
    };
    collectRows(table, page, 0);
    const declared: DeclaredTable = { rows };
    for (const row of rows) for (const cell of row) for (const mark of cell.marks) byMark.set(`${mark.page}:${mark.mcid}`, declared);
  };

  /** Walks the tree for tables; a table inside a table's cell is that cell's content (as tree-tables.ts reads it). */
  const walk = (dict: PDFDict, page: number | undefined): void => {
    for (const child of childElements(dict)) {
      if (++elements > MAX_ELEMENTS || seen.has(child)) return;
      const at = pageOf(child, page);
      if (roleOf(nameText(child.get(name('S')))) === 'Table') {
        seen.add(child);
        readTable(child, at);
      } else {
        seen.add(child);
        walk(child, at);
      }
    }
  };
  walk(root, undefined);
  if (byMark.size === 0) return NO_DECLARED_TABLES;
  return { at: (page, mcid) => byMark.get(`${page}:${mcid}`) };
}
