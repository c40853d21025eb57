import { HAS_RTL_CHAR, LTR_LETTER, RTL_CHAR } from './characters';
import type { TextItem } from './page-text';

/** A run of text in one style; lines and paragraphs are sequences of runs. */
export interface TextRun {
  text: string;
  bold: boolean;
  italic: boolean;
  mono: boolean;
  /** Set when the run is the text of a link. */
  href?: string;
}

/** Part of a line set off by a wide gap: a table cell candidate. */
export interface LineSegment {
  x: number;
  right: number;
  text: string;
  runs: TextRun[];
  /** The visible items it was built from, left to right: a segment can be split again at an item gap (see tables/narrow-columns.ts). */
  items: readonly TextItem[];
}

/** One visual line of a page, with the layout facts paragraph building needs. */
export interface TextLine {
  page: number;
  pageHeight: number;
  text: string;
  runs: TextRun[];
  /** Left edge of the leftmost visible glyph, and right edge of the rightmost. */
  x: number;
  right: number;
  /** Baseline from the top of the page. */
  y: number;
  /** The font size most of the line's characters are set in. */
  size: number;
  bold: boolean;
  italic: boolean;
  mono: boolean;
  /** Mostly right-to-left script: runs are in logical order, the line is right-aligned. */
  rtl: boolean;
  /** Left to right, split at gaps wider than SEGMENT_GAP font sizes. */
  segments: LineSegment[];
  /** Which column of a multi-column page the line is in; -1 for full width. */
  column: number;
}

/** Wider than any word space, even in justified text. */
export const SEGMENT_GAP = 1.5;

/**
 * Groups the items of one page region into lines by baseline, top to bottom. Items
 * are ordered by position, not content-stream order: producers draw fallback-font
 * glyphs (a ligature, a symbol) after the rest of the line, and some emit columns
 * or RTL text in visual order. Whitespace items are dropped; spaces are re-derived
 * from the gaps between glyphs.
 */
export function groupLines(items: readonly TextItem[], page: { page: number; height: number }, column = -1): TextLine[] {
  return baselineGroups(items).map((group) => buildLine(withMarksInWords(dedupe(group)), page, column));
}

/** The visible items on each baseline, top to bottom, each group left to right: the lines groupLines builds, as items. */
export function baselineGroups(items: readonly TextItem[]): TextItem[][] {
  const visible = items.filter((item) => item.text.trim() !== '').sort((a, b) => a.y - b.y || a.x - b.x);
  const groups: TextItem[][] = [];
  // The largest size in the open group, kept as items join (not recomputed per item: lines of hundreds of items).
  let groupSize = 0;
  for (const item of visible) {
    const group = groups[groups.length - 1];
    if (group && Math.abs(item.y - group[0].y) <= 0.45 * Math.max(groupSize, item.size)) {
      group.push(item);
      groupSize = Math.max(groupSize, item.size);
    } else {
      groups.push([item]);
      groupSize = item.size;
    }
  }
  return groups.map((group) => group.sort((a, b) => a.x - b.x));
}

const ONLY_MARKS = /^\p{M}+$/u;

/**
 * Combining marks some producers draw as items of their own (an Arabic tanween over
 * a final alef) put back into the right-to-left word they sit on, at the place their
 * x gives in its logical order: left on their own, a line's reordering would move
 * them to the word's other end, off their letter (ًمرحبا for مرحباً).
 */
function withMarksInWords(items: TextItem[]): TextItem[] {
  if (!items.some((item) => ONLY_MARKS.test(item.text.trim()))) return items;
  const out = items.map((item) => ({ ...item }));
  const host = (mark: TextItem) =>
    out.find((item) => item.rtl && !ONLY_MARKS.test(item.text.trim()) && mark.x >= item.x - 0.5 && mark.x <= item.x + item.width + 0.5);
  return out.filter((item) => {
    const marks = item.text.trim();
    if (!ONLY_MARKS.test(marks)) return true;
    const word = host(item);
    if (!word) return true;
    // The right edge starts the word's logical order: the share of its width right of the mark, in characters.
    const at = Math.round(((word.x + word.width - item.x) / Math.max(word.width, 1e-6)) * [...word.text].length);
    const chars = [...word.text];
    word.text = [...chars.slice(0, at), marks, ...chars.slice(at)].join('');
    return false;
  });
}

/** Text drawn twice at the same spot (fake bold, shadows) counts once. */
function dedupe(items: TextItem[]): TextItem[] {
  return items.filter((item, i) => i === 0 || !(item.text === items[i - 1].text && Math.abs(item.x - items[i - 1].x) < 1));
}

function buildLine(items: TextItem[], page: { page: number; height: number }, column: number): TextLine {
  // Characters that are not whitespace, per item: computed once, used for every share below.
  const weights = items.map((item) => item.text.replace(/\s/g, '').length);
  let total = 0;
  let boldWeight = 0;
  let italicWeight = 0;
  let monoWeight = 0;
  for (const [index, item] of items.entries()) {
    const w = weights[index];
    total += w;
    if (item.bold) boldWeight += w;
    if (item.italic) italicWeight += w;
    if (item.mono) monoWeight += w;
  }
  total ||= 1;
  const rtl = isRightToLeft(items);
  const runs = lineRuns(rtl ? logicalOrder(items) : items);
  const size = dominantSize(items, weights);
  return {
    page: page.page,
    pageHeight: page.height,
    text: runs.map((run) => run.text).join(''),
    runs,
    x: Math.min(...items.map((item) => item.x)),
    right: Math.max(...items.map((item) => item.x + item.width)),
    y: items[0].y,
    size,
    bold: boldWeight / total > 0.5,
    italic: italicWeight / total > 0.5,
    mono: monoWeight / total > 0.5,
    rtl,
    // Left to right, a line of one segment has the line's own runs: they are not built twice.
    segments: splitSegments(items, size, rtl ? undefined : runs),
    column,
  };
}

/** More right-to-left characters than left-to-right letters. */
function isRightToLeft(items: readonly TextItem[]): boolean {
  // Counting every letter of every line is costly; without a single right-to-left character the answer is known.
  if (!items.some((item) => HAS_RTL_CHAR.test(item.text))) return false;
  const count = (pattern: RegExp) => items.reduce((sum, item) => sum + (item.text.match(pattern)?.length ?? 0), 0);
  return count(RTL_CHAR) > count(LTR_LETTER);
}

/**
 * Right-to-left line: items right to left, except that runs of left-to-right items
 * (a Latin name, a number) inside it keep their left-to-right order. Each item's
 * string is already logical (pdf.js reorders within an item).
 */
function logicalOrder(items: TextItem[]): TextItem[] {
  const out: TextItem[] = [];
  let ltrRun: TextItem[] = [];
  for (const item of [...items].reverse()) {
    if (item.rtl) {
      out.push(...ltrRun.reverse(), item);
      ltrRun = [];
    } else ltrRun.push(item);
  }
  return [...out, ...ltrRun.reverse()];
}

function splitSegments(items: TextItem[], size: number, lineRunsLeftToRight?: TextRun[]): LineSegment[] {
  const parts: TextItem[][] = [];
  // The open part's right edge, kept as items join rather than recomputed for each.
  let end = 0;
  for (const item of items) {
    const part = parts[parts.length - 1];
    if (part && item.x - end < gapOf(part[part.length - 1], item, size)) {
      part.push(item);
      end = Math.max(end, item.x + item.width);
    } else {
      parts.push([item]);
      end = item.x + item.width;
    }
  }
  if (parts.length === 1 && lineRunsLeftToRight) return [toSegment(items, lineRunsLeftToRight)];
  return parts.map((part) => toSegment(part));
}

/**
 * The gap that separates segments after `before`: wider than any word space, or on a
 * typewritten page (where every character is as wide) two spaces or more, the way
 * such pages align their columns, except after the end of a sentence, which a typist
 * followed with two spaces.
 */
function gapOf(before: TextItem, item: TextItem, size: number): number {
  if (!before.typewriter || !item.typewriter || /[.?!:]["')\]]?$/.test(before.text)) return SEGMENT_GAP * size;
  const charWidth = before.text.length > 0 ? before.width / before.text.length : 0.6 * size;
  return 1.5 * charWidth;
}

/**
 * A segment of the given items (left to right, at least one); `runs` when already built
 * from them. A segment of mostly right-to-left text (a Hebrew row label in a table of
 * figures) has its runs in logical order, as a right-to-left line has.
 */
export function toSegment(
  items: readonly TextItem[],
  runs = lineRuns(isRightToLeft(items) ? logicalOrder([...items]) : items),
): LineSegment {
  return {
    x: items[0].x,
    right: Math.max(...items.map((item) => item.x + item.width)),
    text: runs.map((run) => run.text).join(''),
    runs,
    items,
  };
}

/** Joins items into styled runs, adding a space where the gap between two items shows one. */
export function lineRuns(items: readonly TextItem[]): TextRun[] {
  const runs: TextRun[] = [];
  let previousItem: TextItem | undefined;
  for (const item of items) {
    const previous = runs[runs.length - 1];
    const gap = previousItem ? Math.max(item.x, previousItem.x) - Math.min(item.x + item.width, previousItem.x + previousItem.width) : 0;
    const spaced = previous !== undefined && gap > 0.15 * item.size && !endsWithSpace(previous.text) && !/^\s/.test(item.text);
    // Monospace keeps runs of spaces (alignment inside code); prose gets one.
    const spaces = spaced ? ' '.repeat(item.mono ? Math.max(1, Math.round(gap / (0.6 * item.size))) : 1) : '';
    if (previous && sameStyle(previous, item)) previous.text += spaces + item.text;
    else {
      // A space between two styles is plain text: no "**bold **" or "[link ](…)".
      if (spaces) runs.push({ text: spaces, bold: false, italic: false, mono: false });
      runs.push({ text: item.text, bold: item.bold, italic: item.italic, mono: item.mono, ...(item.href ? { href: item.href } : {}) });
    }
    previousItem = item;
  }
  return trimRuns(runs.map((run) => (run.mono ? run : { ...run, text: run.text.replace(/\s+/g, ' ') })));
}

/**
 * Whether the text ends in whitespace, looking at its last character only: a run grows
 * item by item, and a regular expression over the whole run would flatten and scan
 * it again for every item.
 */
function endsWithSpace(text: string): boolean {
  return text !== '' && /\s/.test(text[text.length - 1]);
}

function sameStyle(run: TextRun, item: TextItem): boolean {
  return run.bold === item.bold && run.italic === item.italic && run.mono === item.mono && run.href === item.href;
}

function trimRuns(runs: TextRun[]): TextRun[] {
  if (runs.length === 0) return runs;
  runs[0] = { ...runs[0], text: runs[0].text.trimStart() };
  const last = runs.length - 1;
  runs[last] = { ...runs[last], text: runs[last].text.trimEnd() };
  return runs.filter((run) => run.text !== '');
}

function dominantSize(items: TextItem[], weights: readonly number[]): number {
  const bySize = new Map<number, number>();
  items.forEach((item, index) => {
    const size = roundSize(item.size);
    bySize.set(size, (bySize.get(size) ?? 0) + weights[index]);
  });
  return [...bySize.entries()].sort((a, b) => b[1] - a[1] || b[0] - a[0])[0][0];
}

/** Sizes within a quarter point are the same size (producers jitter). */
export function roundSize(size: number): number {
  return Math.round(size * 4) / 4;
}
