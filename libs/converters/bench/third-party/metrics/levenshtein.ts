/**
 * Levenshtein distance (insertion, deletion and substitution each cost 1), by Unicode
 * code point so a character outside the BMP counts once.
 *
 * TEDS compares every cell of one table with every cell of the other, ~190,000 pairs
 * for two 40×10 tables, so the common case, a text of at most 32 code points, uses the
 * bit-vector algorithm (G. Myers, "A fast bit-vector algorithm for approximate string
 * matching based on dynamic programming", JACM 1999; in H. Hyyrö's formulation for the
 * distance between whole strings, 2001): one pass over the other text, a few word
 * operations per character. Longer texts take the usual two-row dynamic programme.
 */

/** A text ready for many comparisons: its code points and, when it fits in a word, its match masks. */
export interface PreparedText {
  readonly points: readonly number[];
  /** Per code point, the bits of the positions holding it; null past 32 code points. */
  readonly masks: ReadonlyMap<number, number> | null;
}

export function prepareText(text: string): PreparedText {
  const points = Array.from(text, (char) => char.codePointAt(0) as number);
  if (points.length > 32) return { points, masks: null };
  const masks = new Map<number, number>();
  points.forEach((point, i) => masks.set(point, (masks.get(point) ?? 0) | (1 << i)));
  return { points, masks };
}

export function levenshtein(a: string | PreparedText, b: string | PreparedText): number {
  const s = typeof a === 'string' ? prepareText(a) : a;
  const t = typeof b === 'string' ? prepareText(b) : b;
  if (s.points.length === 0) return t.points.length;
  if (t.points.length === 0) return s.points.length;
  // The distance is symmetric: the longer text that fits in a word is the pattern.
  const [pattern, other] = s.points.length >= t.points.length ? [s, t] : [t, s];
  if (pattern.masks) return bitVectorDistance(pattern.points.length, pattern.masks, other.points);
  if (other.masks) return bitVectorDistance(other.points.length, other.masks, pattern.points);
  return dynamicProgramme(s.points, t.points);
}

/**
 * Levenshtein distance over the longer length, in [0, 1]: PubTabNet's
 * `normalized_distance` for TEDS cells, and opendataloader-bench's for MHS headings.
 * Two empty texts are equal (0).
 */
export function normalizedLevenshtein(a: string | PreparedText, b: string | PreparedText): number {
  const s = typeof a === 'string' ? prepareText(a) : a;
  const t = typeof b === 'string' ? prepareText(b) : b;
  const longer = Math.max(s.points.length, t.points.length);
  return longer === 0 ? 0 : levenshtein(s, t) / longer;
}

/**
 * Myers/Hyyrö: the vertical deltas of one column of the DP matrix as two bit vectors
 * (pv: +1, mv: −1), updated per character of `text`; `score` follows the last row.
 * `(eq & pv) + pv` may pass 2³², and the following `^` keeps its low 32 bits, as the
 * algorithm wants.
 */
function bitVectorDistance(length: number, masks: ReadonlyMap<number, number>, text: readonly number[]): number {
  let pv = length === 32 ? -1 : (1 << length) - 1;
  let mv = 0;
  let score = length;
  const last = 1 << (length - 1);
  for (const point of text) {
    const eq = masks.get(point) ?? 0;
    const xv = eq | mv;
    const xh = (((eq & pv) + pv) ^ pv) | eq;
    let ph = mv | ~(xh | pv);
    let mh = pv & xh;
    if ((ph & last) !== 0) score++;
    else if ((mh & last) !== 0) score--;
    // Shifting a 1 in: row 0 of the matrix grows by 1 per character (whole-string distance, not search).
    ph = (ph << 1) | 1;
    mh <<= 1;
    pv = mh | ~(xv | ph);
    mv = ph & xv;
  }
  return score;
}

function dynamicProgramme(s: readonly number[], t: readonly number[]): number {
  let previous = new Uint32Array(t.length + 1);
  let current = new Uint32Array(t.length + 1);
  for (let j = 0; j <= t.length; j++) previous[j] = j;
  for (let i = 1; i <= s.length; i++) {
    current[0] = i;
    for (let j = 1; j <= t.length; j++) {
      const substitution = previous[j - 1] + (s[i - 1] === t[j - 1] ? 0 : 1);
      current[j] = Math.min(substitution, previous[j] + 1, current[j - 1] + 1);
    }
    [previous, current] = [current, previous];
  }
  return previous[t.length];
}
