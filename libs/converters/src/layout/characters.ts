/** Characters the layout reads text by: right-to-left scripts, and soft hyphens. */

/** Removes soft hyphens left anywhere (line-final ones that did not join a word). */
export function dropSoftHyphens(text: string): string {
  return text.replace(/\u00ad/g, '');
}

/**
 * Where appendLine dropped a line-end hyphen that may be a compound's own: a Unicode
 * noncharacter, which no text carries, resolved once the document is laid out
 * (line-end-hyphens.ts) and removed from anything else by cleanText.
 */
export const BROKEN_WORD = '\ufdd0';

/** Hebrew, Arabic, Syriac, Thaana, NKo and their presentation forms. */
export const RTL_CHAR = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]/gu;
/** The same characters, for a yes/no test (no `g` flag, so no `lastIndex` state between calls). */
export const HAS_RTL_CHAR = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]/u;
/** Letters of left-to-right scripts (Latin, Greek, Cyrillic, CJK …). */
export const LTR_LETTER = /(?![\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc])\p{L}/gu;
