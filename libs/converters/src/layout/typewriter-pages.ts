import type { TextItem } from './page-text';

/** Share of a page's characters in a monospaced font from which monospace is its body type, not a sign of code. */
const MONO_BODY = 0.85;
/** Characters a page needs before its type says anything. */
const MIN_CHARS = 200;
/** Share of letters among a typewritten page's characters: prose is words. */
const MIN_LETTERS = 0.6;
/** Characters that fill code and ASCII drawings, and that prose uses little. */
const CODE_SYMBOLS = /[{}[\];=<>\\#$@&^~`|+*_/]/g;
/** Share of them in the page's text below which the page is prose. */
const MAX_PAGE_SYMBOLS = 0.03;
/** Share of them in one item from which that item is still code (a C declaration, a box drawn in ASCII). */
const CODE_ITEM_SYMBOLS = 0.2;

/**
 * A page set entirely in a monospaced font as prose (a typewritten report, a plain-text
 * specification printed as is) has its items' monospace flag cleared, except items
 * that read as code: monospace is then the page's body type, and the layout reads
 * paragraphs, headings and space-aligned tables on it as on any page, where it would
 * otherwise read the whole page as one code block. A page of source code (symbols
 * throughout) keeps its monospace and stays code.
 */
export function asTypewriterProse(items: readonly TextItem[]): readonly TextItem[] {
  // Every page of every PDF comes here: most have no monospaced item, and need no count.
  if (!items.some((item) => item.mono)) return items;
  let chars = 0;
  let mono = 0;
  let letters = 0;
  let symbols = 0;
  for (const item of items) {
    const text = item.text.replace(/\s/g, '');
    chars += text.length;
    if (item.mono) mono += text.length;
    letters += text.match(/\p{L}/gu)?.length ?? 0;
    symbols += text.match(CODE_SYMBOLS)?.length ?? 0;
  }
  if (chars < MIN_CHARS || mono < MONO_BODY * chars || letters < MIN_LETTERS * chars || symbols > MAX_PAGE_SYMBOLS * chars) return items;
  return items.map((item) => (item.mono && !isCode(item.text) ? { ...item, mono: false, typewriter: true } : item));
}

function isCode(text: string): boolean {
  const visible = text.replace(/\s/g, '');
  return visible.length > 0 && (visible.match(CODE_SYMBOLS)?.length ?? 0) >= CODE_ITEM_SYMBOLS * visible.length;
}
