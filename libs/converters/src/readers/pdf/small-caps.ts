import type { TextItem } from '../../layout/page-text';

/** Synthesised small capitals are set at about 70–80 % of the capitals' size (LibreOffice 80 %, Word about 70 %). */
const MIN_RATIO = 0.6;
const MAX_RATIO = 0.86;

/**
 * Small capitals a writer synthesised (LibreOffice, Word): the text is in mixed case,
 * and its lower-case letters are drawn as capitals set smaller, right after the
 * word's full-size capital ("T" at 11 pt, "AI" at 8.8 pt for "Tai"). Such a run goes
 * back to lower case, at the capital's size, so the word reads as written ("Tai
 * Viet"). Only a run of capitals that starts no gap after a full-size capital in the
 * same font, on its baseline, counts: a smaller word on its own, or a raised or
 * lowered one (an index), is left as it is.
 */
export function lowerSmallCaps(items: readonly TextItem[]): TextItem[] {
  const out: TextItem[] = [];
  for (const item of items) {
    const before = out[out.length - 1];
    const ratio = before ? item.size / before.size : 0;
    const isSmallCaps =
      before !== undefined &&
      /^\p{Lu}+$/u.test(item.text) &&
      /\p{Lu}$/u.test(before.text) &&
      ratio >= MIN_RATIO &&
      ratio <= MAX_RATIO &&
      Math.abs(item.y - before.y) < 0.1 * before.size &&
      Math.abs(item.x - (before.x + before.width)) < 0.1 * before.size &&
      item.bold === before.bold &&
      item.italic === before.italic &&
      item.mono === before.mono;
    out.push(isSmallCaps ? { ...item, text: item.text.toLowerCase(), size: before.size } : item);
  }
  return out;
}
