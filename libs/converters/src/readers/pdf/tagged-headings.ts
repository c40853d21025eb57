import type { HeadingHint } from '../../layout/heading-hints';

/** A node of pdf.js's `page.getStructTree()`: an element with a role (role-mapped to a standard one), or a reference to marked content. */
export type StructNode =
  { role: string; children?: StructNode[]; alt?: string } | { type: 'content' | 'object' | 'annotation'; id: string };

const HEADING = /^H([1-6])?$/;

/** A reference to a page's own marked content (pdf.js: struct tree and text content ids) ends in `_mc<MCID>`. */
const MCID_REFERENCE = /_mc(\d+)$/;

/** The MCID a marked-content id refers to, if it names one. */
export function mcidOf(id: string): number | undefined {
  const mcid = MCID_REFERENCE.exec(id)?.[1];
  return mcid === undefined ? undefined : Number(mcid);
}
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
