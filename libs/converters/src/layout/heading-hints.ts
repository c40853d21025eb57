import type { HeadingLevel } from '../document';
import { headingKey } from './layout-metrics';
import type { TextLine } from './text-lines';
import { isTocEntry } from './toc-entries';

/**
 * A heading the file declares apart from its drawing: a bookmark of its outline (title,
 * depth, the page it points at). Plain data, so a split conversion's plan carries it
 * to the thread that assembles the parts.
 */
export interface HeadingHint {
  /** 1 = top. */
  level: number;
  text: string;
  /** 1-based page, when the file says. */
  page?: number;
}

/**
 * Below this share of its entries found on their pages, an outline is not taken to
 * describe the text (bookmarks to figures, to pages by number, or another document's).
 */
const MIN_MATCHED_SHARE = 0.4;
/** A heading wraps over at most this many lines. */
const MAX_HEADING_LINES = 3;
/** Lines longer than this are paragraphs, even if a bookmark quotes one. */
const MAX_HINTED_LENGTH = 200;
/** A hint without a page is looked for this many lines past the previous one at most: a hostile outline cannot make the search quadratic in a long document. */
const MAX_SCAN_LINES = 3_000;

/** Letters and digits only, lower case: the way a bookmark and its heading are compared (spacing, case and punctuation vary between the two). */
export function squashed(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');
}

/**
 * A section label at the start of a title: `1`, `2.3.`, `A.1`, `IV.`, `Chapter 3`.
 * Outlines often leave it out where the page sets it ("Introduction" for "1 Introduction"),
 * or the page leaves it out where the outline has it.
 */
const SECTION_LABEL =
  /^(?:(?:chapter|section|part|appendix|kapitel|chapitre|hoofdstuk)\s+)?(?:\d{1,3}(?:\.\d{1,3})*|[A-Z](?:\.\d{1,3})+|[A-Z]|[IVXLC]{1,6})[.:)]?\s+(?=\S)/iu;

/** The title without its section label, squashed; the squashed title itself when it has none. */
export function unlabelled(text: string): string {
  return squashed(text.trim().replace(SECTION_LABEL, ''));
}

/** A title's comparison keys: squashed, and without its label; and whether the line is a contents entry. */
type Keys = (text: string) => { whole: string; bare: string; toc: boolean };

/** Keys computed once per text: a manual's hundreds of bookmarks are each compared with the lines of their page. */
function keyCache(): Keys {
  const cache = new Map<string, ReturnType<Keys>>();
  return (text) => {
    let keys = cache.get(text);
    if (!keys) {
      keys = { whole: squashed(text), bare: unlabelled(text), toc: isTocEntry(text) };
      cache.set(text, keys);
    }
    return keys;
  };
}

function sameTitle(lineText: string, hint: string, keys: Keys): boolean {
  const a = keys(lineText);
  const b = keys(hint);
  if (a.whole === '' || b.whole === '') return false;
  return a.whole === b.whole || a.bare === b.bare || a.bare === b.whole || a.whole === b.bare;
}

/** Where each hint was found: the lines of its heading (a long title wraps). */
export interface HintMatch {
  hint: HeadingHint;
  lines: TextLine[];
}

/**
 * Finds each hint's heading among the lines: on the page it points at (or the next,
 * for a destination set just before a page break), else anywhere after the previous
 * hint's heading, in order. A contents entry ("1 Introduction ........ 3") is never
 * the heading, nor is a line already taken. A title that wraps is found as up to
 * three consecutive lines on one page.
 */
export function matchHints(lines: readonly TextLine[], hints: readonly HeadingHint[]): HintMatch[] {
  const taken = new Set<TextLine>();
  const pageStart = new Map<number, number>();
  lines.forEach((line, index) => pageStart.has(line.page) || pageStart.set(line.page, index));
  const matches: HintMatch[] = [];
  const keys = keyCache();
  let cursor = 0;
  for (const hint of hints) {
    const target = squashed(hint.text);
    if (target === '') continue;
    const found =
      hint.page !== undefined
        ? (findOn(lines, hint, target, pageStart.get(hint.page), hint.page, taken, keys) ??
          findOn(lines, hint, target, pageStart.get(hint.page + 1), hint.page + 1, taken, keys))
        : findOn(lines, hint, target, cursor, undefined, taken, keys);
    if (!found) continue;
    for (const line of found) taken.add(line);
    matches.push({ hint, lines: found });
    cursor = lines.indexOf(found[found.length - 1]) + 1;
  }
  return matches;
}

function findOn(
  lines: readonly TextLine[],
  hint: HeadingHint,
  target: string,
  from: number | undefined,
  page: number | undefined,
  taken: ReadonlySet<TextLine>,
  keys: Keys,
): TextLine[] | undefined {
  if (from === undefined) return undefined;
  const usable = (line: TextLine | undefined, first: TextLine) =>
    line !== undefined && !taken.has(line) && line.page === first.page && line.text.length <= MAX_HINTED_LENGTH && !keys(line.text).toc;
  for (let i = from; i < Math.min(lines.length, from + MAX_SCAN_LINES); i++) {
    const first = lines[i];
    if (page !== undefined && first.page !== page) return undefined;
    if (!usable(first, first)) continue;
    let text = first.text;
    const group = [first];
    for (;;) {
      if (sameTitle(text, hint.text, keys)) return group;
      const next = lines[i + group.length];
      // Go on only while the lines so far are the start of the title.
      const sofar = keys(text);
      const prefix = target.startsWith(sofar.whole) || keys(hint.text).bare.startsWith(sofar.bare) || target.startsWith(sofar.bare);
      if (!prefix || group.length >= MAX_HEADING_LINES || !usable(next, first) || sofar.whole === '') break;
      group.push(next!);
      text += ` ${next!.text}`;
    }
  }
  return undefined;
}

/**
 * The heading levels the typography gave (`visual`), set right by the file's own
 * headings where it declares them: a line found for a hint is a heading at the hint's
 * level, whatever its look; a heading the hints do not name takes the level that
 * hinted headings in its style have (an unbookmarked "Acknowledgements" set like the
 * chapters is a chapter), else its visual level moved by as much as the nearest
 * visual level above it was. Hints that mostly miss (see MIN_MATCHED_SHARE) are ignored,
 * and the typography decides alone.
 */
export function hintedLevels(
  lines: readonly TextLine[],
  visual: ReadonlyMap<TextLine, HeadingLevel>,
  hints: readonly HeadingHint[],
): Map<TextLine, HeadingLevel> {
  if (hints.length === 0) return new Map(visual);
  const matches = matchHints(lines, hints);
  if (matches.length < Math.max(1, hints.length * MIN_MATCHED_SHARE)) return new Map(visual);
  const out = new Map<TextLine, HeadingLevel>();
  const byStyle = new Map<string, number[]>();
  const byVisual = new Map<number, number[]>();
  const hinted = new Set<TextLine>();
  for (const { hint, lines: found } of matches) {
    const level = Math.min(Math.max(hint.level, 1), 6) as HeadingLevel;
    for (const line of found) {
      out.set(line, level);
      hinted.add(line);
    }
    push(byStyle, headingKey(found[0]), level);
    const seen = visual.get(found[0]);
    if (seen !== undefined) push(byVisual, seen, level);
  }
  const styleLevel = mostCommon(byStyle);
  const visualLevel = mostCommon(byVisual);
  const mappedVisuals = [...visualLevel.keys()].sort((a, b) => a - b);
  for (const [line, level] of visual) {
    if (hinted.has(line)) continue;
    const byItsStyle = styleLevel.get(headingKey(line));
    if (byItsStyle !== undefined) {
      out.set(line, byItsStyle as HeadingLevel);
      continue;
    }
    const above = mappedVisuals.filter((mapped) => mapped <= level).pop();
    // Larger than every hinted heading (a title the outline leaves out): the top level.
    const moved = above === undefined ? 1 : visualLevel.get(above)! + (level - above);
    out.set(line, Math.min(Math.max(moved, 1), 6) as HeadingLevel);
  }
  return out;
}

function push<K>(map: Map<K, number[]>, key: K, value: number): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** Per key, the value seen most often (the smaller on a tie). */
function mostCommon<K>(map: ReadonlyMap<K, number[]>): Map<K, number> {
  const out = new Map<K, number>();
  for (const [key, values] of map) {
    const counts = new Map<number, number>();
    for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
    const best = [...counts].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0];
    out.set(key, best[0]);
  }
  return out;
}
