/** The extent of something on the page (a text item, a table), top-left coordinates. */
export interface Box {
  left: number;
  right: number;
  /** Baseline for text, top edge for a table: what orders elements top to bottom. */
  y: number;
  /** Characters of text (0 for non-text): prose columns hold long lines. */
  chars: number;
}

/** Sides of a gutter need this many lines each: a few aligned lines are a table, not columns. */
const MIN_COLUMN_LINES = 5;
/** Median characters per column line: table cells are short, prose lines are not. */
const MIN_LINE_CHARS = 15;
/** Median share of the column width a line fills: prose is set to the column width. */
const MIN_FILL = 0.6;

/**
 * Splits a page into reading regions: a two-column band is read left column first,
 * then right; lines spanning both columns (a title, a closing note) stay where they
 * are, between bands. The gutter is the widest vertical strip in the middle of the
 * page that the fewest lines cross, accepted only when both sides hold several
 * lines of prose (so a borderless table's cell gap is not taken for a gutter).
 * Returns the elements regrouped in reading order; a page without a gutter is one region.
 */
export interface Region<T> {
  elements: T[];
  /** One side of a two-column band (its own right edge), not full page width. */
  column: boolean;
}

export function readingRegions<T>(elements: readonly T[], boxOf: (element: T) => Box): Array<Region<T>> {
  const boxes = elements.map(boxOf);
  const gutter = findGutter(boxes);
  if (!gutter) return [{ elements: [...elements], column: false }];
  const lines = rawLines(elements.map((element, i) => ({ element, box: boxes[i] })));
  const crosses = (box: Box) => box.left < gutter.right && box.right > gutter.left;
  if (!validColumns(lines.filter((line) => !line.some((e) => crosses(e.box))), gutter.left)) return [{ elements: [...elements], column: false }];

  const regions: Array<Region<T>> = [];
  let left: T[] = [];
  let right: T[] = [];
  let full: T[] = [];
  const flushBand = () => {
    if (left.length > 0) regions.push({ elements: left, column: true });
    if (right.length > 0) regions.push({ elements: right, column: true });
    [left, right] = [[], []];
  };
  for (const line of lines) {
    if (line.some((e) => crosses(e.box))) {
      flushBand();
      full.push(...line.map((e) => e.element));
      continue;
    }
    if (full.length > 0) regions.push({ elements: full, column: false });
    full = [];
    for (const { element, box } of line) (box.right <= gutter.left ? left : right).push(element);
  }
  flushBand();
  if (full.length > 0) regions.push({ elements: full, column: false });
  return regions;
}

interface Gutter {
  left: number;
  right: number;
}

/** The widest run of x positions (middle 60% of the text width) crossed by the fewest boxes. */
function findGutter(boxes: readonly Box[]): Gutter | undefined {
  const text = boxes.filter((box) => box.chars > 0);
  if (text.length < MIN_COLUMN_LINES * 2) return undefined;
  const minX = Math.min(...text.map((box) => box.left));
  const maxX = Math.max(...text.map((box) => box.right));
  const from = Math.floor(minX + (maxX - minX) * 0.2);
  const to = Math.ceil(maxX - (maxX - minX) * 0.2);
  let best: Gutter | undefined;
  let bestCount = Infinity;
  let run: { start: number; count: number } | undefined;
  for (let x = from; x <= to + 1; x++) {
    const count = x > to ? Infinity : boxes.filter((box) => box.left < x && box.right > x).length;
    if (run && count !== run.count) {
      const width = x - run.start;
      if (run.count < bestCount || (run.count === bestCount && best && width > best.right - best.left)) {
        best = { left: run.start, right: x - 1 };
        bestCount = run.count;
      }
      run = undefined;
    }
    if (!run && count !== Infinity) run = { start: x, count };
  }
  // A gutter narrower than a few points is a word space that happens to line up.
  return best && best.right - best.left >= 6 ? best : undefined;
}

/** Elements grouped by baseline (tables and text alike), top to bottom. */
function rawLines<T>(entries: Array<{ element: T; box: Box }>): Array<Array<{ element: T; box: Box }>> {
  const sorted = [...entries].sort((a, b) => a.box.y - b.box.y);
  const lines: Array<Array<{ element: T; box: Box }>> = [];
  for (const entry of sorted) {
    const line = lines[lines.length - 1];
    if (line && Math.abs(entry.box.y - line[0].box.y) < 2) line.push(entry);
    else lines.push([entry]);
  }
  return lines;
}

/** Both sides of the gutter must look like columns of prose. */
function validColumns(lines: Array<Array<{ box: Box }>>, gutter: number): boolean {
  const sides = [0, 1].map((side) =>
    lines
      .map((line) => line.map((e) => e.box).filter((box) => (box.right <= gutter) === (side === 0)))
      .filter((boxes) => boxes.length > 0)
      .map((boxes) => ({ left: Math.min(...boxes.map((b) => b.left)), right: Math.max(...boxes.map((b) => b.right)), chars: boxes.reduce((sum, b) => sum + b.chars, 0) })),
  );
  return sides.every((side) => {
    if (side.length < MIN_COLUMN_LINES) return false;
    const width = Math.max(...side.map((l) => l.right)) - Math.min(...side.map((l) => l.left));
    return median(side.map((l) => l.chars)) >= MIN_LINE_CHARS && median(side.map((l) => (l.right - l.left) / width)) >= MIN_FILL;
  });
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? 0;
}
