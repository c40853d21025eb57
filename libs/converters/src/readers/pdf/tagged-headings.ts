import type { HeadingHint } from './heading-hints';

/** A node of pdf.js's `page.getStructTree()`: an element with a role (role-mapped to a standard one), or a reference to marked content. */
export type StructNode =
  | { role: string; children?: StructNode[]; alt?: string }
  | { type: 'content' | 'object' | 'annotation'; id: string };

const HEADING = /^H([1-6])?$/;
/**
 * Elements of a page's tree visited at most. A real page has hundreds; the bound keeps
 * a hostile tree from costing more than the page's text does.
 */
const MAX_NODES = 20_000;

const clean = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * The headings a page's tag tree declares, in the tree's order: H1–H6 at their level,
 * `H` at the depth of the `Sect` elements around it. `textOf` gives the text of one
 * marked-content reference (markedTexts). Artifacts (running heads) and tables are skipped.
 */
export function treeHeadings(tree: StructNode | null, page: number, textOf: (id: string) => string): HeadingHint[] {
  const headings: HeadingHint[] = [];
  if (!tree) return headings;
  let visited = 0;
  const textIn = (node: StructNode): string => {
    if (++visited > MAX_NODES) return '';
    if ('id' in node) return node.type === 'content' ? textOf(node.id) : '';
    return (node.children ?? []).map(textIn).join(' ');
  };
  const walk = (node: StructNode, sectionDepth: number): void => {
    // A table's cells are read as its cells, whatever a producer tagged inside them.
    if ('id' in node || ++visited > MAX_NODES || node.role === 'Artifact' || node.role === 'Table') return;
    const heading = HEADING.exec(node.role);
    if (heading) {
      const text = clean(textIn(node));
      if (text) headings.push({ level: heading[1] ? Number(heading[1]) : Math.min(6, Math.max(1, sectionDepth)), text, page });
      return;
    }
    const depth = node.role === 'Sect' ? sectionDepth + 1 : sectionDepth;
    for (const child of node.children ?? []) walk(child, depth);
  };
  walk(tree, 0);
  return headings;
}

/** True when the tree names any heading: only then is the page's text read a second time for it. */
export function hasHeadings(tree: StructNode | null): boolean {
  if (!tree) return false;
  let visited = 0;
  const stack: StructNode[] = [tree];
  while (stack.length > 0 && visited++ < MAX_NODES) {
    const node = stack.pop()!;
    if ('id' in node) continue;
    if (HEADING.test(node.role)) return true;
    if (node.children) stack.push(...node.children);
  }
  return false;
}

export interface MarkedText {
  tag: string | undefined;
  text: string;
}

/**
 * The text of each marked-content id on a page, from pdf.js's text content read with
 * `includeMarkedContent`. An id can recur inside form XObjects: every run is kept with
 * its tag. Text goes to the innermost marked content that has an id.
 */
export function markedTexts(items: readonly unknown[]): Map<string, MarkedText[]> {
  const byId = new Map<string, MarkedText[]>();
  const open: (MarkedText | null)[] = [];
  for (const item of items as { type?: string; id?: string; tag?: string; str?: string; hasEOL?: boolean }[]) {
    if (item.type === 'beginMarkedContentProps' || item.type === 'beginMarkedContent') {
      const run = item.id ? { tag: item.tag, text: '' } : null;
      if (run && item.id) byId.set(item.id, [...(byId.get(item.id) ?? []), run]);
      open.push(run);
    } else if (item.type === 'endMarkedContent') {
      open.pop();
    } else if (typeof item.str === 'string') {
      const run = [...open].reverse().find((entry) => entry !== null);
      if (run) run.text += item.str + (item.hasEOL ? ' ' : '');
    }
  }
  return byId;
}

/** The marked-content operators of pdf.js's OPS, and showText. */
export interface MarkedContentOps {
  showText: number;
  beginMarkedContent: number;
  beginMarkedContentProps: number;
  endMarkedContent: number;
}

/**
 * The text of each marked-content id (MCID) from a page's operator list, which the
 * reader has read already: pdf.js keeps a `BDC`'s tag and MCID as the operator's
 * arguments. The glyphs' Unicode only, without the spaces positions imply: headings
 * are matched to lines by their letters and digits (heading-hints.ts), so reading the
 * page's text content a second time (a third of the page's reading time) is spared.
 */
export function operatorMarkedTexts(
  list: { fnArray: ArrayLike<number>; argsArray: ArrayLike<unknown> },
  ops: MarkedContentOps,
): Map<number, string> {
  const texts = new Map<number, string>();
  const open: (number | null)[] = [];
  for (let index = 0; index < list.fnArray.length; index++) {
    const fn = list.fnArray[index];
    const args = list.argsArray[index] as unknown[] | null;
    if (fn === ops.beginMarkedContent) open.push(null);
    else if (fn === ops.beginMarkedContentProps) open.push(Number.isInteger(args?.[1]) ? (args?.[1] as number) : null);
    else if (fn === ops.endMarkedContent) open.pop();
    else if (fn === ops.showText) {
      const mcid = [...open].reverse().find((entry) => entry !== null);
      if (mcid === undefined || mcid === null) continue;
      let text = texts.get(mcid) ?? '';
      for (const glyph of (args?.[0] ?? []) as unknown[]) {
        if (glyph && typeof glyph === 'object' && typeof (glyph as { unicode?: unknown }).unicode === 'string')
          text += (glyph as { unicode: string }).unicode;
      }
      texts.set(mcid, text);
    }
  }
  return texts;
}

/** A struct tree's reference to the page's own marked content ends in `_mc<MCID>`. */
const MCID_REFERENCE = /_mc(\d+)$/;

/** The part of a pdf.js page read here. */
interface TaggedPage {
  getStructTree(): Promise<unknown>;
  getTextContent(parameters: { includeMarkedContent: boolean }): Promise<{ items: readonly unknown[] }>;
}

/**
 * The headings a tagged page declares (heading-hints.ts takes them as it takes an
 * outline's). A page without a tree, or whose tree tags no heading (exporters that
 * tag everything as P), costs one struct-tree request and gives none; a damaged tree
 * gives none either, and the page is read by its look alone. `fromOperators` is the
 * text of each MCID as the operator list gives it (operatorMarkedTexts), when the
 * page's text was read from there; else the page's text content is read for it.
 */
export async function pageTaggedHeadings(
  page: TaggedPage,
  pageNumber: number,
  fromOperators?: ReadonlyMap<number, string>,
): Promise<HeadingHint[]> {
  try {
    const tree = (await page.getStructTree()) as StructNode | null;
    if (!hasHeadings(tree)) return [];
    if (fromOperators) {
      return treeHeadings(tree, pageNumber, (id) => {
        const mcid = MCID_REFERENCE.exec(id)?.[1];
        return mcid === undefined ? '' : (fromOperators.get(Number(mcid)) ?? '');
      });
    }
    const texts = markedTexts((await page.getTextContent({ includeMarkedContent: true })).items);
    return treeHeadings(tree, pageNumber, (id) => (texts.get(id) ?? []).map((run) => run.text).join(' '));
  } catch {
    return [];
  }
}
