import type { TextItem } from './page-text';
import { baselineGroups } from './text-lines';

/** A line number: digits alone in their item. */
const NUMBER = /^\d{1,5}$/;
/** Numbers a margin needs before it reads as numbered lines, not a short column of figures. */
const MIN_NUMBERS = 5;
/** Edges this close (points) are one margin's. */
const EDGE = 1.5;
/** Share of steps from one number to the next that must be the margin's step (every line, or every fifth). */
const STEADY = 0.8;
const MAX_STEP = 10;
/** Share of the text lines beside the margin that must carry a number: line numbering numbers every line but a table's. */
const COVERAGE = 0.5;
/**
 * Unnumbered lines a page may have above and below its numbered ones (a running
 * header, a footer): a code listing's numbers stop where the listing does, with the
 * page's prose around it.
 */
const OUTSIDE = 4;
/** Share of the numbered lines that must read as prose: a table's row numbers stand beside cells, not sentences. */
const PROSE = 0.5;
/** Characters, and share of them letters, from which a line is prose. */
const PROSE_CHARS = 20;
const PROSE_LETTERS = 0.6;
/** A gap wider than this many font sizes inside a line is a gap between cells. */
const CELL_GAP = 2;

/**
 * Takes out line numbers printed in a page's margin (LibreOffice's and Word's line
 * numbering, legal drafts, specifications under review): a column of numbers starting
 * (or ending) their lines, rising by a steady step down the page, beside most of the
 * lines they run along (a table's lines go unnumbered), with nothing of the text on
 * their side of them. The layout would otherwise read them as a column beside each
 * paragraph, every numbered page as a table, and they are no more the document's text
 * than its page numbers are. A table's own row numbers stand beside cells, not prose,
 * and a code listing's beside code: both stay.
 */
export function withoutLineNumbers(items: readonly TextItem[]): readonly TextItem[] {
  const numbers = items.filter((item) => NUMBER.test(item.text.trim()));
  if (numbers.length < MIN_NUMBERS) return items;
  // A margin's number starts its line (or ends it, in a right margin): a section number after it is not one of them.
  const lines = baselineGroups(items);
  const starts = new Set(lines.map((line) => line[0]));
  const ends = new Set(lines.map((line) => line[line.length - 1]));
  const first = numbers.filter((item) => starts.has(item));
  const last = numbers.filter((item) => ends.has(item));
  const margins = [
    ...sameEdge(first, (item) => item.x + item.width),
    ...sameEdge(first, (item) => item.x),
    ...sameEdge(last, (item) => item.x),
  ];
  const dropped = new Set<TextItem>();
  for (const margin of margins) {
    if (margin.some((item) => dropped.has(item))) continue;
    if (isLineNumbering(margin, lines)) for (const item of margin) dropped.add(item);
  }
  return dropped.size === 0 ? items : items.filter((item) => !dropped.has(item));
}

/** The numbers whose edge (`edgeOf`) lines up, in groups of MIN_NUMBERS or more, each sorted down the page. */
function sameEdge(numbers: readonly TextItem[], edgeOf: (item: TextItem) => number): TextItem[][] {
  const sorted = [...numbers].sort((a, b) => edgeOf(a) - edgeOf(b));
  const groups: TextItem[][] = [];
  for (const item of sorted) {
    const group = groups[groups.length - 1];
    if (group && edgeOf(item) - edgeOf(group[0]) <= EDGE) group.push(item);
    else groups.push([item]);
  }
  return groups.filter((group) => group.length >= MIN_NUMBERS).map((group) => group.sort((a, b) => a.y - b.y));
}

/** `lines`: the page's, as baselineGroups groups them. */
function isLineNumbering(margin: readonly TextItem[], lines: readonly TextItem[][]): boolean {
  if (!risesSteadily(margin.map((item) => Number(item.text.trim())))) return false;
  const inMargin = new Set(margin);
  const left = Math.min(...margin.map((item) => item.x));
  const right = Math.max(...margin.map((item) => item.x + item.width));
  const size = Math.max(...margin.map((item) => item.size));
  const top = margin[0].y - size;
  const bottom = margin[margin.length - 1].y + size;
  const text = lines.map((line) => line.filter((item) => !inMargin.has(item))).filter((line) => line.length > 0);
  if (text.filter((line) => line[0].y < top || line[0].y > bottom).length > OUTSIDE) return false;
  const beside = text.filter((line) => line[0].y >= top && line[0].y <= bottom);
  // All the text beside them lies to one side: a margin, not a column among others.
  const toRight = beside.every((line) => line[0].x >= right + size / 2);
  const toLeft = beside.every((line) => line[line.length - 1].x + line[line.length - 1].width <= left - size / 2);
  if (beside.length === 0 || (!toRight && !toLeft)) return false;
  const numbered = beside.filter((line) => margin.some((number) => Math.abs(number.y - line[0].y) <= 0.45 * Math.max(size, line[0].size)));
  if (numbered.length < COVERAGE * beside.length) return false;
  return numbered.filter(isProse).length >= PROSE * numbered.length;
}

/** Every step up, most of them the same size: 1 when each line is numbered, 5 or 10 when every fifth or tenth is. */
function risesSteadily(values: readonly number[]): boolean {
  const steps = values.slice(1).map((value, i) => value - values[i]);
  if (steps.some((step) => step <= 0)) return false;
  const counts = new Map<number, number>();
  for (const step of steps) counts.set(step, (counts.get(step) ?? 0) + 1);
  const [step, count] = [...counts].sort((a, b) => b[1] - a[1])[0];
  return step <= MAX_STEP && count >= STEADY * steps.length;
}

/** A run of words without a cell's gap in it, long enough and made of letters; not code, whose listings number their lines as part of the listing. */
function isProse(line: readonly TextItem[]): boolean {
  if (line.some((item) => item.mono)) return false;
  const text = line.map((item) => item.text).join(' ');
  const visible = text.replace(/\s/g, '');
  const letters = visible.match(/\p{L}/gu)?.length ?? 0;
  const gapped = line.some((item, i) => i > 0 && item.x - (line[i - 1].x + line[i - 1].width) > CELL_GAP * item.size);
  return !gapped && visible.length >= PROSE_CHARS && letters >= PROSE_LETTERS * visible.length;
}
