/**
 * The list markers RTF writers put in front of list paragraphs. Word and LibreOffice
 * write each item's label out in `{\listtext}` (older writers in `{\pntext}`) for
 * readers without list tables, pandoc writes it into the text ("3.\tab"); either way
 * the label is the number the writer counted, continuations and restarts included,
 * so it is the item's number and the reader need not recount `\ls`/`\ilvl` against
 * `\listtable`/`\listoverridetable`.
 */

/** A marker Word writes out for a numbered item: "1.", "(a)", "iv)", "2.3". */
export const ORDERED_MARKER = /^\(?(?:\d+(?:\.\d+)*|[a-z]|[ivxlcdm]{1,5})[.)]?$/i;
/** Pandoc writes list markers into the text itself: "\bullet\tab", "\endash\tab", "1.\tab". */
export const INLINE_MARKER = /^\s*([\u2022\u25e6\u25aa\u00b7\u2013\u2014*-]|\d{1,3}[.)]|[a-z][.)])\t/i;

const ROMAN: Readonly<Record<string, number>> = { i: 1, v: 5, x: 10, l: 50, c: 100, d: 500, m: 1000 };
/** Single letters read as roman numerals rather than as the 9th, 22nd or 24th letter: lists of i, v, x are the likelier. */
const ROMAN_LETTERS = /^[ivx]$/i;

/**
 * The number an ordered marker stands for: "3." → 3, "2.3" → 3 (the item's own level),
 * "(c)" → 3, "iv)" → 4; undefined for a marker that is not ordered.
 */
export function markerValue(marker: string): number | undefined {
  if (!ORDERED_MARKER.test(marker)) return undefined;
  const label = marker.replace(/^\(|[.)]$/g, '');
  const decimal = /(\d+)$/.exec(label);
  if (decimal) return Number(decimal[1]);
  if (label.length === 1 && !ROMAN_LETTERS.test(label)) return label.toLowerCase().charCodeAt(0) - 96;
  return romanValue(label.toLowerCase());
}

/** A roman numeral's value (subtractive pairs included); undefined when it is not one. */
function romanValue(label: string): number | undefined {
  let total = 0;
  for (let i = 0; i < label.length; i++) {
    const value = ROMAN[label[i]];
    const next = ROMAN[label[i + 1]] ?? 0;
    if (value === undefined) return undefined;
    total += value < next ? -value : value;
  }
  return total > 0 ? total : undefined;
}
