/**
 * Cleans the text of one pdf.js item. pdf.js already decomposes most ligature glyphs,
 * but fonts whose ToUnicode maps to the presentation forms still yield "ﬁ" or Arabic
 * presentation forms; those code points (and only those: full NFKC would also flatten
 * "²", "½" and "™") are NFKC-normalised. Curly quotes and dashes stay as they are.
 */
const PRESENTATION_FORMS = /[\ufb00-\ufdff\ufe70-\ufefe]+/g;
/** No-break and typographic spaces: plain spaces in every output format. */
const ODD_SPACES = /[\u00a0\u2000-\u200a\u202f\u205f\u3000]/g;
/**
 * Zero-width space, word joiner and BOM carry nothing visible. ZWJ/ZWNJ (U+200C/D)
 * stay: they change how Persian and Indic words are spelled.
 */
const ZERO_WIDTH = /[\u200b\u2060\ufeff]/g;
/**
 * Control characters (tab, line breaks aside): what a font without a usable ToUnicode
 * map yields for its glyphs. They print as nothing, so an item of them alone is no
 * text at all (it would otherwise open an empty table column where it sits).
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

/** Any character one of the replacements below changes: most items have none and are returned as they are. */
const NEEDS_NORMALIZING =
  // eslint-disable-next-line no-control-regex -- control characters are among them
  /[\ufb00-\ufdff\ufe70-\ufefe\u00a0\u2000-\u200b\u202f\u205f\u3000\u2060\ufeff\u00ad\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

export function normalizePdfText(text: string): string {
  if (!NEEDS_NORMALIZING.test(text)) return text;
  return (
    text
      .replace(PRESENTATION_FORMS, (forms) => forms.normalize('NFKC'))
      .replace(ODD_SPACES, ' ')
      .replace(ZERO_WIDTH, '')
      .replace(CONTROL, '')
      // A soft hyphen is invisible unless a word breaks there; only a line-final one
      // matters (layout/text-runs.ts joins the word), so the line builder sees it at the end.
      .replace(/\u00ad(?=.)/gsu, '')
  );
}
