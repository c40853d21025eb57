/** The extent of something on the page (a text item, a table), top-left coordinates. */
export interface Box {
  left: number;
  right: number;
  /** Baseline for text, top edge for a table: what orders elements top to bottom. */
  y: number;
  /** Characters of text (0 for non-text): prose columns hold long lines. */
  chars: number;
  /** Letters among them: prose is words, where a table's columns are often figures. */
  letters: number;
}

/** Each column needs this many lines: a few aligned lines are a table, not columns. */
const MIN_COLUMN_LINES = 5;
/** Median characters per column line: table cells are short, prose lines are not. */
const MIN_LINE_CHARS = 15;
/**
 * Median letters per column line: a column of figures (the numbers of a statistical
 * table drawn column by column) is long and full, but it is not prose.
 */
const MIN_LINE_LETTERS = 8;
/** Median share of the column width a line fills: prose is set to the column width. */
const MIN_FILL = 0.6;
/** A gutter narrower than this (points) is a word space that happens to line up. */
const MIN_GUTTER = 6;
/**
 * Share of the page's lines that may cross a gutter: the full-width title, abstract,
 * wide tables and figures of a column layout. More than that and the strip is a gap
 * inside single-column content.
 */
const MAX_CROSSING = 0.25;

export interface Region<T> {
  elements: T[];
  /** One column of a multi-column band (its own right edge), not full page width. */
  column: boolean;
}

interface Gutter {
  left: number;
  right: number;
}

type Entry<T> = { element: T; box: Box };

/**
 * Splits a page into reading regions: a band of two, three or more columns is read
 * column by column, left to right; lines that cross a gutter (a title, an abstract
 * set full width, a wide table) stay where they are, between bands. Gutters are
 * vertical strips in the middle of the page that almost no line crosses, accepted
 * only when every column between them holds several lines of prose, so that the cell
 * gaps of a borderless table are not taken for gutters.
 * Returns the elements regrouped in reading order; a page without a gutter is one region.
 */
export function readingRegions<T>(elements: readonly T[], boxOf: (element: T) => Box): Array<Region<T>> {
  const entries = elements.map((element) => ({ element, box: boxOf(element) }));
  const lines = rawLines(entries);
  const gutters = findGutters(
    entries.map((entry) => entry.box),
    lines,
  );
  if (gutters.length === 0) return [{ elements: [...elements], column: false }];
  const crosses = (box: Box) => gutters.some((gutter) => box.left < gutter.right && box.right > gutter.left);
  const columnOf = (box: Box) => gutters.filter((gutter) => box.left >= gutter.right).length;

  const regions: Array<Region<T>> = [];
  let band: T[][] = gutters.map(() => []).concat([[]]);
  let full: T[] = [];
  const flushBand = () => {
    for (const column of band) if (column.length > 0) regions.push({ elements: column, column: true });
    band = band.map(() => []);
  };
  for (const line of lines) {
    if (line.some((entry) => crosses(entry.box))) {
      flushBand();
      full.push(...line.map((entry) => entry.element));
      continue;
    }
    if (full.length > 0) regions.push({ elements: full, column: false });
    full = [];
    for (const { element, box } of line) band[columnOf(box)].push(element);
  }
  flushBand();
  if (full.length > 0) regions.push({ elements: full, column: false });
  return regions;
}

/**
 * Gutters, left to right: for each run of x positions (middle 80% of the text width)
 * crossed by few lines, the part crossed by the fewest; then, while some column
 * between them is not prose, the narrower gutter beside it is dropped.
 */
function findGutters<T>(boxes: readonly Box[], lines: Array<Array<Entry<T>>>): Gutter[] {
  const text = boxes.filter((box) => box.chars > 0);
  if (text.length < MIN_COLUMN_LINES * 2) return [];
  const minX = Math.min(...text.map((box) => box.left));
  const maxX = Math.max(...text.map((box) => box.right));
  const from = Math.floor(minX + (maxX - minX) * 0.1);
  const to = Math.ceil(maxX - (maxX - minX) * 0.1);
  const limit = Math.max(1, Math.floor(lines.length * MAX_CROSSING));
  // A page number or footnote mark centred in the gutter does not close it (a line
  // that holds one still reads as full width, and it sits at the page's edge).
  const wide = boxes.filter((box) => box.chars === 0 || box.chars > 3);
  const counts = crossingCounts(wide, from, to);

  const gutters: Gutter[] = [];
  for (let i = 0; i < counts.length;) {
    if (counts[i] > limit) {
      i++;
      continue;
    }
    let end = i;
    while (end < counts.length && counts[end] <= limit) end++;
    const best = widestMinimum(counts.slice(i, end));
    if (best.right - best.left >= MIN_GUTTER) gutters.push({ left: from + i + best.left, right: from + i + best.right });
    i = end;
  }
  while (gutters.length > 0) {
    const failing = failingColumn(lines, gutters);
    if (failing === undefined) break;
    // Column k lies between gutters k-1 and k: drop the narrower of the two.
    const sides = [failing - 1, failing].filter((k) => k >= 0 && k < gutters.length);
    const drop = sides.sort((a, b) => gutters[a].right - gutters[a].left - (gutters[b].right - gutters[b].left))[0];
    gutters.splice(drop, 1);
  }
  return gutters;
}

/**
 * For each whole x from `from` to `to`, how many boxes cross it (left < x < right).
 * Each box adds one over its range of x through a difference array: one pass over
 * the boxes and one over the positions, where testing every box at every position
 * cost a page of 500 items and 450 positions a quarter of a million comparisons.
 */
export function crossingCounts(boxes: readonly Box[], from: number, to: number): number[] {
  // No range (nothing finite to scan: text at NaN or infinite coordinates) has no gutter.
  if (!Number.isFinite(from) || !Number.isFinite(to) || to < from) return [];
  const delta = new Array<number>(to - from + 2).fill(0);
  for (const { left, right } of boxes) {
    // The first whole x above left and the last below right, clamped to the range.
    const first = Math.max(from, Math.floor(left) + 1);
    const last = Math.min(to, Math.ceil(right) - 1);
    if (!(first <= last)) continue;
    delta[first - from] += 1;
    delta[last - from + 1] -= 1;
  }
  const counts: number[] = [];
  let running = 0;
  for (let i = 0; i <= to - from; i++) {
    running += delta[i];
    counts.push(running);
  }
  return counts;
}

/** The widest run of positions holding the smallest count, as offsets [left, right]. */
function widestMinimum(counts: readonly number[]): Gutter {
  const min = Math.min(...counts);
  let best: Gutter = { left: 0, right: 0 };
  for (let i = 0; i < counts.length; i++) {
    if (counts[i] !== min) continue;
    let end = i;
    while (end + 1 < counts.length && counts[end + 1] === min) end++;
    if (end - i > best.right - best.left) best = { left: i, right: end };
    i = end;
  }
  return best;
}

/** Elements grouped by baseline (tables and text alike), top to bottom. */
function rawLines<T>(entries: Array<Entry<T>>): Array<Array<Entry<T>>> {
  const sorted = [...entries].sort((a, b) => a.box.y - b.box.y);
  const lines: Array<Array<Entry<T>>> = [];
  for (const entry of sorted) {
    const line = lines[lines.length - 1];
    if (line && Math.abs(entry.box.y - line[0].box.y) < 2) line.push(entry);
    else lines.push([entry]);
  }
  return lines;
}

/** The first column (0 = leftmost) that does not look like a column of prose, if any. */
function failingColumn<T>(lines: Array<Array<Entry<T>>>, gutters: readonly Gutter[]): number | undefined {
  const crosses = (box: Box) => gutters.some((gutter) => box.left < gutter.right && box.right > gutter.left);
  const inColumn = lines.filter((line) => !line.some((entry) => crosses(entry.box)));
  for (let k = 0; k <= gutters.length; k++) {
    const [left, right] = [gutters[k - 1]?.right ?? -Infinity, gutters[k]?.left ?? Infinity];
    const column = inColumn
      .map((line) => line.map((entry) => entry.box).filter((box) => box.left >= left && box.right <= right))
      .filter((boxes) => boxes.length > 0)
      .map((boxes) => ({
        left: Math.min(...boxes.map((b) => b.left)),
        right: Math.max(...boxes.map((b) => b.right)),
        chars: boxes.reduce((sum, b) => sum + b.chars, 0),
        letters: boxes.reduce((sum, b) => sum + b.letters, 0),
      }));
    if (column.length < MIN_COLUMN_LINES) return k;
    const width = Math.max(...column.map((l) => l.right)) - Math.min(...column.map((l) => l.left));
    if (
      median(column.map((l) => l.chars)) < MIN_LINE_CHARS ||
      median(column.map((l) => l.letters)) < MIN_LINE_LETTERS ||
      median(column.map((l) => (l.right - l.left) / width)) < MIN_FILL
    )
      return k;
  }
  return undefined;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? 0;
}
