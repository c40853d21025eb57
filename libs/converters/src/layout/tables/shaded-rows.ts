import type { Fill } from '../page-text';
import type { TextLine } from '../text-lines';
import { NUMERIC } from './figures';

/** Edges this close (points) are one edge. */
const EDGE = 2;
/** Shaded rows stacked one over another, white rows between, before the white rows are read by them too. */
const MIN_STRIPES = 3;
/** How far above its baseline a line's middle sits, in font sizes. */
const MIDDLE = 0.3;

/** A y range the shading covers across the table, from the boxes drawn with those top and bottom edges. */
interface Band {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

/**
 * Which row each of a table's lines (top to bottom) belongs to, as its shading draws
 * the rows: an office table's or a sheet's shaded cells cover each row's height, so
 * the lines inside one shaded band are one row, however their cells wrap, and lines in
 * two bands are two rows. Where three shaded rows or more alternate with white ones
 * (zebra stripes), each white gap between two of them, and the white space as tall as
 * the tallest shaded row just above the first and below the last, is one row too. A
 * line is given a key; lines with the same key are one row, lines with two keys are
 * two rows, and `undefined` says nothing (no shading there). Shading that does not
 * draw rows says nothing at all: boxes that overlap (a highlight inside a shaded row),
 * a box over more than half the table's lines (a frame's background), or one over several lines
 * that each hold a figure (rows shaded as a block).
 */
export function shadedRows(lines: readonly TextLine[], fills: readonly Fill[]): Array<string | undefined> {
  const none = lines.map((): undefined => undefined);
  if (fills.length === 0 || lines.length < 2) return none;
  const first = lines[0];
  const last = lines[lines.length - 1];
  const left = Math.min(...lines.map((line) => line.x));
  const right = Math.max(...lines.map((line) => line.right));
  const top = first.y - first.size;
  const bottom = last.y + last.size * MIDDLE;
  const bands = bandsOf(
    fills.filter((fill) => fill.right > left + EDGE && fill.left < right - EDGE && fill.bottom > top && fill.top < bottom),
  );
  if (bands.length === 0) return none;
  const overlapping = bands.some((band, k) => k > 0 && band.top < bands[k - 1].bottom - EDGE);
  const middle = (line: TextLine) => line.y - MIDDLE * line.size;
  const inside = (band: Band) => lines.filter((line) => band.top <= middle(line) && middle(line) <= band.bottom).length;
  if (overlapping || bands.some((band) => inside(band) > lines.length / 2)) return none;
  const regions: Array<Band & { key: string }> = bands.map((band, k) => ({ ...band, key: `shaded ${k}` }));
  regions.push(...stripeGaps(bands, lines, middle));
  const keys = lines.map((line) => {
    const y = middle(line);
    const region = regions.find((r) => r.top <= y && y <= r.bottom && line.x < r.right && line.right > r.left);
    return region?.key;
  });
  // A box over several lines each holding a figure is a block of rows shaded at once (a
  // sheet's range given one fill): a figure does not wrap onto the next line.
  const figures = new Set(keys.filter((key) => key !== undefined && lines.every((line, k) => keys[k] !== key || holdsFigure(line))));
  return keys.map((key) => (key !== undefined && figures.has(key) && keys.filter((other) => other === key).length > 1 ? undefined : key));
}

function holdsFigure(line: TextLine): boolean {
  return line.segments.some((segment) => NUMERIC.test(segment.text));
}

/** Boxes with the same top and bottom edges (each cell of a row shaded on its own) as one band, top to bottom. */
function bandsOf(fills: readonly Fill[]): Band[] {
  const bands: Band[] = [];
  for (const fill of [...fills].sort((a, b) => a.top - b.top || a.left - b.left)) {
    const band = bands.find((b) => Math.abs(b.top - fill.top) <= EDGE && Math.abs(b.bottom - fill.bottom) <= EDGE);
    if (band) {
      band.left = Math.min(band.left, fill.left);
      band.right = Math.max(band.right, fill.right);
    } else bands.push({ ...fill });
  }
  return bands.sort((a, b) => a.top - b.top);
}

/**
 * The white rows of zebra stripes: where at least MIN_STRIPES bands, each as wide as
 * the others, are set one under another with a line of text in each gap between them,
 * each gap no taller than the tallest band holds one row, as does the space of that
 * height above the first band and below the last.
 */
function stripeGaps(bands: readonly Band[], lines: readonly TextLine[], middle: (line: TextLine) => number): Array<Band & { key: string }> {
  if (bands.length < MIN_STRIPES) return [];
  const [{ left, right }] = bands;
  if (bands.some((band) => Math.abs(band.left - left) > EDGE || Math.abs(band.right - right) > EDGE)) return [];
  const tallest = Math.max(...bands.map((band) => band.bottom - band.top));
  const gaps = bands.slice(1).map((band, k) => ({ left, right, top: bands[k].bottom, bottom: band.top, key: `white ${k}` }));
  const holdsText = (gap: Band) => lines.some((line) => gap.top < middle(line) && middle(line) < gap.bottom);
  if (gaps.some((gap) => gap.bottom - gap.top > tallest + EDGE || !holdsText(gap))) return [];
  const firstTop = bands[0].top;
  const lastBottom = bands[bands.length - 1].bottom;
  return [
    { left, right, top: firstTop - tallest, bottom: firstTop - EDGE / 2, key: 'white above' },
    ...gaps.map((gap) => ({ ...gap, top: gap.top + EDGE / 2, bottom: gap.bottom - EDGE / 2 })),
    { left, right, top: lastBottom + EDGE / 2, bottom: lastBottom + tallest, key: 'white below' },
  ];
}
