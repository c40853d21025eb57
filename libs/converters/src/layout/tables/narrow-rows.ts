import { type TextLine, toSegment } from '../text-lines';
import type { TextItem } from '../page-text';
import { bounds, piecesOf } from './narrow-columns';

/** Edges this close (points) are one column edge. */
const EDGE = 1;
/** Lines sharing a column edge, wide-gap rows among them, before the narrow ones are split there. */
const MIN_LINES = 3;
/** The narrow gap is at least this share of the font size: more than a word space. */
const MIN_GAP = 0.5;
/** …and this many times the line's widest other gap, so a gap in justified prose never qualifies. */
const WIDER = 1.5;
/*
 * TIGHT: a narrower gap (a spreadsheet's columns at their optimal width leave two
 * points, less than a word space) qualifies too where the left cells end at one x as
 * the right ones start at another, in at least MIN_LINES lines: right-aligned figures
 * against a left-aligned column. Prose never has words end and start within a point of
 * two fixed x on three lines.
 */

/**
 * Lines that are table rows although no gap in them is wide: a two-column table with
 * little cell padding (a printed HTML table of names and descriptions) sets a short
 * first cell a little over a word space from the second, so only its rows whose first
 * cell is shorter show a wide gap. Where such a row's second segment starts, the lines
 * around it (the same size, at most three sizes apart, each a row with a cell starting
 * there or a line whose text starts there) are split at a gap that ends at that edge,
 * is wider than a word space and is the widest gap of its line by far, when at least
 * three of them start a cell there (or, narrower, see TIGHT). Prose beside a table rarely has a word start
 * within a point of a column edge, and never after its widest gap by half again.
 */
export function splitNarrowRows(lines: readonly TextLine[]): TextLine[] {
  const out = [...lines];
  for (const [index, line] of lines.entries()) {
    if (line.segments.length < 2 || line.mono) continue;
    for (const segment of line.segments.slice(1)) splitAtEdge(out, index, segment.x);
  }
  return out;
}

/** Splits the narrow rows around the wide row at `index` at the edge `at`, when enough of them start a cell there. */
function splitAtEdge(lines: TextLine[], index: number, at: number): void {
  type Walked = { index: number; split?: TextItem[][]; tight?: boolean };
  const walks = [-1, 1].map((step) => {
    const walked: Walked[] = [];
    for (let k = index + step; k >= 0 && k < lines.length; k += step) {
      const [above, below] = step < 0 ? [lines[k], lines[k - step]] : [lines[k - step], lines[k]];
      if (!near(above, below)) break;
      const member = memberAt(lines[k], at);
      if (!member) break;
      if (member === 'row' || member === 'wrapped') walked.push({ index: k });
      else walked.push({ index: k, split: member.items, tight: member.tight });
    }
    return walked;
  });
  // A tight split holds only where enough lines, above the row and below it, end their left cells at one x (see TIGHT); each walk ends at the first that does not.
  const leftEnd = (split: TextItem[][]) => bounds(split[0]).right;
  const ends = walks.flat().flatMap((member) => (member.split ? [leftEnd(member.split)] : []));
  const backed = (split: TextItem[][]) => ends.filter((end) => Math.abs(end - leftEnd(split)) <= EDGE).length >= MIN_LINES;
  const members: Walked[] = [{ index }];
  for (const walked of walks) {
    const until = walked.findIndex((member) => member.tight && !backed(member.split as TextItem[][]));
    members.push(...(until < 0 ? walked : walked.slice(0, until)));
  }
  const starting = members.filter((member) => member.split || startsCellAt(lines[member.index], at));
  if (starting.length < MIN_LINES || !members.some((member) => member.split)) return;
  for (const { index: k, split } of members) {
    if (!split) continue;
    lines[k] = { ...lines[k], segments: split.map((items) => toSegment(items)) };
  }
}

/** The same page and size, the lower line at most three sizes below. */
function near(above: TextLine, below: TextLine): boolean {
  return (
    above.page === below.page &&
    below.y > above.y &&
    below.y - above.y <= 3 * Math.max(above.size, below.size) &&
    Math.abs(above.size - below.size) < 0.5
  );
}

function startsCellAt(line: TextLine, at: number): boolean {
  return line.segments.some((segment) => Math.abs(segment.x - at) <= EDGE);
}

/**
 * How a line sits at the edge: a row with a cell starting there, a single segment
 * starting at or right of it (a wrapped cell), or a single segment split there (its
 * items left and right of the gap); undefined when it is none of these.
 */
function memberAt(line: TextLine, at: number): 'row' | 'wrapped' | { items: TextItem[][]; tight: boolean } | undefined {
  if (line.mono) return undefined;
  if (line.segments.length > 1) return startsCellAt(line, at) ? 'row' : undefined;
  const [segment] = line.segments;
  if (!segment) return undefined;
  if (segment.x >= at - EDGE) return 'wrapped';
  const pieces = piecesOf(segment.items);
  const cut = pieces.findIndex((piece, k) => k > 0 && Math.abs(bounds(piece).x - at) <= EDGE);
  if (cut < 0) return undefined;
  const gaps = pieces.slice(1).map((piece, k) => bounds(piece).x - bounds(pieces[k]).right);
  const gap = gaps[cut - 1];
  const others = gaps.filter((_, k) => k !== cut - 1);
  const tight = gap < MIN_GAP * line.size || others.some((other) => gap < WIDER * other);
  return { items: [pieces.slice(0, cut).flat(), pieces.slice(cut).flat()], tight };
}
