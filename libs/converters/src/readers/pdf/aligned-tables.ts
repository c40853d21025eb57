import { listMarker } from './list-marker';
import type { LineSegment, PdfLine } from './pdf-lines';
import { type CellLines, type PdfTable, tableFromCells } from './pdf-table';

/** Rows needed before aligned text counts as a table. */
const MIN_ROWS = 3;
/** Segment edges this close (points) are aligned. */
const ALIGN = 4;

/**
 * Borderless tables: runs of consecutive lines split into segments by wide gaps
 * (see SEGMENT_GAP), whose segments start (or, for numbers, end) at the same x in
 * at least three rows and two columns. A following line with a single segment
 * under a later column is a wrapped cell and joins the row above. Lines that are
 * list items (marker, gap, text) are never rows.
 */
export function alignedTables(lines: readonly PdfLine[]): Array<PdfLine | PdfTable> {
  const out: Array<PdfLine | PdfTable> = [];
  for (let i = 0; i < lines.length; ) {
    const found = tableAt(lines, i);
    if (found) {
      out.push(found.table);
      i = found.end;
    } else out.push(lines[i++]);
  }
  return out;
}

function isRow(line: PdfLine): boolean {
  return !line.mono && line.segments.length >= 2 && !listMarker(`${line.segments[0].text} x`);
}

function tableAt(lines: readonly PdfLine[], start: number): { table: PdfTable; end: number } | undefined {
  if (!isRow(lines[start])) return undefined;
  let end = start + 1;
  while (end < lines.length && follows(lines[end - 1], lines[end]) && (isRow(lines[end]) || lines[end].segments.length === 1)) end++;
  const candidates = lines.slice(start, end);
  const columns = columnAnchors(candidates.filter(isRow).map((line) => line.segments));
  if (columns.length < 2) return undefined;

  const rows: CellLines[][] = [];
  let taken = 0;
  for (const line of candidates) {
    const cols = line.segments.map((segment) => columnOf(segment, columns));
    if (cols.some((col) => col < 0) || new Set(cols).size !== cols.length) break;
    if (line.segments.length === 1) {
      // A wrapped cell: only under a later column, and only right after a row.
      if (rows.length === 0 || cols[0] === 0) break;
      rows[rows.length - 1][cols[0]].push(line.segments[0].runs);
    } else {
      const row: CellLines[] = columns.map(() => []);
      line.segments.forEach((segment, k) => row[cols[k]].push(segment.runs));
      rows.push(row);
    }
    taken++;
  }
  if (rows.length < MIN_ROWS) return undefined;
  const table = tableFromCells(rows);
  if (!table) return undefined;
  const first = lines[start];
  const left = Math.min(...candidates.slice(0, taken).map((line) => line.x));
  const right = Math.max(...candidates.slice(0, taken).map((line) => line.right));
  return { table: { kind: 'table', page: first.page, left, right, top: first.y - first.size, table }, end: start + taken };
}

/** The next line is close enough below to belong to the same table. */
function follows(above: PdfLine, below: PdfLine): boolean {
  return above.page === below.page && below.y > above.y && below.y - above.y <= 3 * Math.max(above.size, below.size);
}

interface Anchor {
  edge: 'left' | 'right';
  at: number;
}

/**
 * Column positions shared by at least MIN_ROWS rows: left edges first; a column
 * whose segments only agree on their right edge (right-aligned numbers) is found by
 * right edges among the segments no left anchor explains.
 */
function columnAnchors(rows: readonly LineSegment[][]): Anchor[] {
  const lefts = clusters(rows.flat().map((segment) => segment.x)).filter((cluster) => cluster.count >= MIN_ROWS);
  const anchors: Anchor[] = lefts.map((cluster) => ({ edge: 'left', at: cluster.at }));
  const unexplained = rows.flat().filter((segment) => !anchors.some((anchor) => Math.abs(segment.x - anchor.at) <= ALIGN));
  for (const cluster of clusters(unexplained.map((segment) => segment.right))) {
    if (cluster.count >= MIN_ROWS) anchors.push({ edge: 'right', at: cluster.at });
  }
  // Order columns by where their text sits: a right anchor's column starts left of its edge.
  const start = (anchor: Anchor) => (anchor.edge === 'left' ? anchor.at : Math.min(...unexplained.filter((s) => Math.abs(s.right - anchor.at) <= ALIGN).map((s) => s.x)));
  return anchors.sort((a, b) => start(a) - start(b));
}

function columnOf(segment: LineSegment, anchors: readonly Anchor[]): number {
  return anchors.findIndex((anchor) => Math.abs((anchor.edge === 'left' ? segment.x : segment.right) - anchor.at) <= ALIGN);
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
