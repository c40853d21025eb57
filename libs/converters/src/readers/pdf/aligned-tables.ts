import { listMarker } from './list-marker';
import { splitNarrowColumns } from './narrow-columns';
import type { LineSegment, PdfLine } from './pdf-lines';
import { type CellLines, type PdfTable, tableFromCells } from './pdf-table';
import { rowAbove, withRowAbove } from './table-header-rows';

/** Rows needed before aligned text counts as a table. */
const MIN_ROWS = 3;
/** Segment edges this close (points) are aligned. */
const ALIGN = 4;

/**
 * Borderless tables: runs of consecutive lines split into segments by wide gaps
 * (see SEGMENT_GAP) and by narrow gaps that line up across rows (narrow-columns.ts),
 * whose segments start (or, for numbers, end) at the same x in at least three rows
 * and two columns. A following line with a single segment under one column is a
 * wrapped cell and joins the row above. Lines that are list items (marker, gap,
 * text) are never rows.
 */
export function alignedTables(lines: readonly PdfLine[]): Array<PdfLine | PdfTable> {
  const out: Array<PdfLine | PdfTable> = [];
  for (let i = 0; i < lines.length;) {
    const found = tableAt(lines, i);
    if (found) {
      const above = out[out.length - 1];
      const row = above && !('kind' in above) ? rowAbove(above, found.table, found.starts) : undefined;
      if (row && above && !('kind' in above)) out[out.length - 1] = withRowAbove(found.table, row, above);
      else out.push(found.table);
      i = found.end;
    } else out.push(lines[i++]);
  }
  return out;
}

function isRow(line: PdfLine): boolean {
  return !line.mono && line.segments.length >= 2 && !listMarker(`${line.segments[0].text} x`);
}

/** A row set in bold (every segment): how a header row usually looks. */
function isBoldRow(line: PdfLine | undefined): boolean {
  return (
    line !== undefined && isRow(line) && line.segments.every((segment) => segment.runs.every((run) => run.bold || run.text.trim() === ''))
  );
}

/**
 * A table starting at `start`: three rows, or two when the first is a bold header over
 * a regular row (a table that a page break cut short, or a one-row table).
 */
function tableAt(lines: readonly PdfLine[], start: number): Found | undefined {
  if (!isRow(lines[start])) return undefined;
  const headed = isBoldRow(lines[start]) && lines[start + 1] !== undefined && isRow(lines[start + 1]) && !isBoldRow(lines[start + 1]);
  return tableWith(lines, start, MIN_ROWS) ?? (headed ? tableWith(lines, start, 2) : undefined);
}

/** A table, the index of the line after it, and where each of its columns' text starts. */
type Found = { table: PdfTable; end: number; starts: number[] };

function tableWith(lines: readonly PdfLine[], start: number, minRows: number): Found | undefined {
  let end = start + 1;
  // Until two lines are seen, a wrapped line may sit at most ordinary leading below.
  let pitch = lines[start].size * 1.4;
  while (end < lines.length && follows(lines[end - 1], lines[end], pitch)) {
    pitch = Math.min(pitch, lines[end].y - lines[end - 1].y);
    end++;
  }
  const candidates = lines.slice(start, end);
  const split = splitNarrowColumns(
    candidates.map((line) => (isRow(line) ? line.segments : [])),
    minRows,
  );
  const segments = candidates.map((line, i) => (isRow(line) ? split[i] : line.segments));
  const columns = columnAnchors(
    segments.filter((_, i) => isRow(candidates[i])),
    minRows,
  );
  if (columns.length < 2) return undefined;
  const colsOf = (i: number) => segments[i].map((segment) => columnOf(segment, columns));
  const fits = (i: number) => i < candidates.length && colsOf(i).every((col) => col >= 0) && new Set(colsOf(i)).size === colsOf(i).length;

  const rows: CellLines[][] = [];
  let taken = 0;
  for (let i = 0; i < candidates.length && fits(i); i++) {
    const cols = colsOf(i);
    if (segments[i].length === 1) {
      // A wrapped cell joins the row above: under a later column, or under the first
      // one when another row follows (else it may be the paragraph after the table).
      if (rows.length === 0 || (cols[0] === 0 && !(fits(i + 1) && segments[i + 1].length > 1))) break;
      rows[rows.length - 1][cols[0]].push(segments[i][0].runs);
    } else {
      const row: CellLines[] = columns.map(() => []);
      segments[i].forEach((segment, k) => row[cols[k]].push(segment.runs));
      rows.push(row);
    }
    taken++;
  }
  if (rows.length < minRows) return undefined;
  const table = tableFromCells(rows);
  if (!table) return undefined;
  const first = lines[start];
  const left = Math.min(...candidates.slice(0, taken).map((line) => line.x));
  const right = Math.max(...candidates.slice(0, taken).map((line) => line.right));
  const starts = columns.map((_, col) =>
    Math.min(...segments.slice(0, taken).flatMap((row, i) => row.filter((_, k) => colsOf(i)[k] === col).map((segment) => segment.x))),
  );
  // The last row's baseline plus its descenders, as a paragraph's box ends (pdf-blocks.ts).
  const last = candidates[taken - 1];
  const bottom = last.y + last.size * 0.25;
  return { table: { kind: 'table', page: first.page, left, right, top: first.y - first.size, bottom, table }, end: start + taken, starts };
}

/**
 * The next line belongs to the same table: a row close enough below, or a single
 * segment (a wrapped cell) in the same size no farther below than the tightest line
 * pitch so far, which stops the table at the paragraph or heading after it.
 */
function follows(above: PdfLine, below: PdfLine, pitch: number): boolean {
  if (above.page !== below.page || below.y <= above.y) return false;
  if (isRow(below)) return below.y - above.y <= 3 * Math.max(above.size, below.size);
  return below.segments.length === 1 && Math.abs(below.size - above.size) < 0.5 && below.y - above.y <= pitch + 1;
}

interface Anchor {
  edge: 'left' | 'right';
  at: number;
  /** Where the column's other edge sits when all its cells share it too (fixed-width values such as single digits). */
  other?: number;
}

/**
 * Column positions shared by at least `minRows` rows: left edges first; a column
 * whose segments only agree on their right edge (right-aligned numbers) is found by
 * right edges among the segments no left anchor explains. A column whose cells agree
 * on both edges also takes a cell by the other one: a right-aligned header over
 * one-digit numbers starts left of them.
 */
function columnAnchors(rows: readonly LineSegment[][], minRows: number): Anchor[] {
  const lefts = clusters(rows.flat().map((segment) => segment.x)).filter((cluster) => cluster.count >= minRows);
  const anchors: Anchor[] = lefts.map((cluster) => ({ edge: 'left', at: cluster.at }));
  const unexplained = rows.flat().filter((segment) => !anchors.some((anchor) => Math.abs(segment.x - anchor.at) <= ALIGN));
  for (const cluster of clusters(unexplained.map((segment) => segment.right))) {
    if (cluster.count >= minRows) anchors.push({ edge: 'right', at: cluster.at });
  }
  for (const anchor of anchors) {
    const members = rows.flat().filter((segment) => Math.abs(edgeOf(segment, anchor.edge) - anchor.at) <= ALIGN);
    const others = clusters(members.map((segment) => edgeOf(segment, anchor.edge === 'left' ? 'right' : 'left')));
    if (others.length === 1) anchor.other = others[0].at;
  }
  // A right-aligned column is found once per value width (4120 and 610 start at two
  // x, or 610 is found by its right edge): anchors whose cells all end at one x are
  // one column, kept as the anchor of its widest values (the leftmost start).
  const rightOf = (anchor: Anchor) => (anchor.edge === 'right' ? anchor.at : anchor.other);
  const merged = anchors.filter((anchor) => {
    const right = rightOf(anchor);
    return (
      right === undefined ||
      !anchors.some(
        (other) =>
          other !== anchor &&
          other.edge === 'left' &&
          other.other !== undefined &&
          Math.abs(other.other - right) <= ALIGN &&
          (anchor.edge === 'right' || other.at < anchor.at),
      )
    );
  });
  // Order columns by where their text sits: a right anchor's column starts left of its edge.
  const start = (anchor: Anchor) =>
    anchor.edge === 'left' ? anchor.at : Math.min(...unexplained.filter((s) => Math.abs(s.right - anchor.at) <= ALIGN).map((s) => s.x));
  return merged.sort((a, b) => start(a) - start(b));
}

function edgeOf(segment: LineSegment, edge: Anchor['edge']): number {
  return edge === 'left' ? segment.x : segment.right;
}

/** The column whose anchor edge the segment shares, else one whose other edge it shares. */
function columnOf(segment: LineSegment, anchors: readonly Anchor[]): number {
  const byAnchor = anchors.findIndex((anchor) => Math.abs(edgeOf(segment, anchor.edge) - anchor.at) <= ALIGN);
  if (byAnchor >= 0) return byAnchor;
  const otherEdge = (anchor: Anchor) => edgeOf(segment, anchor.edge === 'left' ? 'right' : 'left');
  return anchors.findIndex((anchor) => anchor.other !== undefined && Math.abs(otherEdge(anchor) - anchor.other) <= ALIGN);
}

function clusters(values: number[]): Array<{ at: number; count: number }> {
  const out: Array<{ at: number; count: number }> = [];
  for (const value of [...values].sort((a, b) => a - b)) {
    const last = out[out.length - 1];
    if (last && value - last.at <= ALIGN) last.count++;
    else out.push({ at: value, count: 1 });
  }
  return out;
}
