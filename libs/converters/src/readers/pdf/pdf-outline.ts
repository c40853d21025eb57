import type { HeadingHint } from '../../layout/heading-hints';

/** The part of a pdf.js outline item read here (`PDFDocumentProxy.getOutline()`, pdf-parse's `InfoResult.outline`). */
export interface OutlineNode {
  title: string;
  dest: string | unknown[] | null;
  items: OutlineNode[];
}

export interface OutlineEntry {
  level: number;
  text: string;
  dest: string | unknown[] | null;
}

/**
 * Bookmarks read at most: a manual's outline has hundreds, and each destination is a
 * lookup in the file; a hostile outline of millions would otherwise be walked in full.
 */
export const MAX_OUTLINE_ENTRIES = 5_000;

/** Control characters and runs of spaces that some producers leave in bookmark titles. */
export function cleanTitle(title: string): string {
  return (
    title
      // eslint-disable-next-line no-control-regex -- removing control characters is the point
      .replace(/[\u0000-\u001f\u007f]+/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

/**
 * The outline in reading order, level = depth (1 = top), capped at 6 as heading levels
 * are, and at `limit` entries. An entry whose title `drop` matches is left out
 * (bookmarks a producer adds for a cover or title page, not headings); its children
 * keep their own depth, since depth in the outline is what the level means. Empty
 * titles are left out too.
 */
export function flattenOutline(items: OutlineNode[], drop?: RegExp, limit = MAX_OUTLINE_ENTRIES): OutlineEntry[] {
  const entries: OutlineEntry[] = [];
  const walk = (nodes: OutlineNode[], depth: number) => {
    for (const node of nodes) {
      if (entries.length >= limit) return;
      const text = cleanTitle(String(node.title ?? ''));
      if (text && !drop?.test(text)) entries.push({ level: Math.min(depth, 6), text, dest: node.dest });
      walk(Array.isArray(node.items) ? node.items : [], depth + 1);
    }
  };
  walk(items, 1);
  return entries;
}

/** The part of pdf.js's document proxy used to turn a destination into a page. */
export interface DestinationResolver {
  numPages: number;
  getDestination(name: string): Promise<unknown[] | null>;
  getPageIndex(ref: { num: number; gen: number }): Promise<number>;
}

/** The 1-based page a destination points at, when the file says and it exists. */
export async function destinationPage(doc: DestinationResolver, dest: OutlineEntry['dest']): Promise<number | undefined> {
  try {
    const explicit = typeof dest === 'string' ? await doc.getDestination(dest) : dest;
    const target = explicit?.[0];
    // An explicit destination names its page by reference, or (rarely) by 0-based index.
    let page: number | undefined;
    if (typeof target === 'number') page = target + 1;
    else if (target && typeof target === 'object' && 'num' in target)
      page = (await doc.getPageIndex(target as { num: number; gen: number })) + 1;
    return page !== undefined && Number.isInteger(page) && page >= 1 && page <= doc.numPages ? page : undefined;
  } catch {
    // A broken destination leaves the page unknown; the bookmark's title still counts.
    return undefined;
  }
}

/** A PDF's bookmarks as heading hints: title, depth and the page each points at. */
export async function outlineHints(
  doc: DestinationResolver,
  outline: OutlineNode[] | null | undefined,
  drop?: RegExp,
): Promise<HeadingHint[]> {
  const hints: HeadingHint[] = [];
  for (const entry of flattenOutline(outline ?? [], drop)) {
    const page = await destinationPage(doc, entry.dest);
    hints.push(page ? { level: entry.level, text: entry.text, page } : { level: entry.level, text: entry.text });
  }
  return hints;
}
