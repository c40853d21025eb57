import { type LineSegment, toSegment } from '../text-lines';
import type { TextItem } from '../page-text';

/** Edges this close (points) are one column edge: the cells of a column start (or end) at one x. */
export const EDGE = 1;
/** Centres this close (points) are one column's: a centred cell's centre moves with its glyphs' rounding and a bold face. */
const CENTRE = 2;
/** A gap between items wider than this share of the font size shows a space (as in lineRuns). */
const SPACE = 0.15;

interface Piece {
  x: number;
  right: number;
}

/**
 * Splits the segments of candidate table rows at column boundaries too narrow to see
 * in one line. Rows are cut into segments at wide gaps only, but adjacent cells can
 * sit a word space apart: a right-aligned number column next to a left-aligned text
 * column, or a cell whose text fills its column (LibreOffice sets table cells a few
 * points apart). Across rows such a boundary shows: a gap between two items of a
 * segment where, in at least `minRows` rows, text starts at the gap's right edge (or
 * ends at its left edge), and no row has text running across that edge (or only one
 * row in four of those: see holds); or, for centred cells (a spreadsheet's, a form's),
 * where text in at least `minRows` rows shares the right piece's centre and none runs
 * across the middle of the gap. Word gaps in
 * prose do not line up to the point across three lines, and these rows already have
 * a wide gap elsewhere, so sentences are not cut.
 */
export function splitNarrowColumns(rows: readonly LineSegment[][], minRows: number): LineSegment[][] {
  const rowPieces: Piece[][] = rows.map((segments) => segments.flatMap((segment) => piecesOf(segment.items).map(bounds)));
  const rowsWith = (test: (piece: Piece) => boolean) => rowPieces.filter((pieces) => pieces.some(test)).length;
  // A row running across the edge denies it, unless four times as many rows share it:
  // then that row is not of the table (a totals block below it), and it ends the table there.
  const holds = (sharing: number, at: number) =>
    sharing >= minRows && 4 * rowsWith((piece) => piece.x < at - EDGE && piece.right > at + EDGE) < sharing;
  const centre = (piece: Piece) => (piece.x + piece.right) / 2;
  const isBoundary = (left: Piece, right: Piece): boolean =>
    holds(
      rowsWith((piece) => Math.abs(centre(piece) - centre(right)) <= CENTRE),
      (left.right + right.x) / 2,
    ) ||
    holds(
      rowsWith((piece) => Math.abs(piece.x - right.x) <= EDGE),
      right.x,
    ) ||
    holds(
      rowsWith((piece) => Math.abs(piece.right - left.right) <= EDGE),
      left.right,
    );

  return rows.map((segments) =>
    segments.flatMap((segment) => {
      const pieces = piecesOf(segment.items);
      if (pieces.length < 2) return [segment];
      const out: TextItem[][] = [pieces[0]];
      for (const piece of pieces.slice(1)) {
        const current = out[out.length - 1];
        if (isBoundary(bounds(current), bounds(piece))) out.push([...piece]);
        else current.push(...piece);
      }
      return out.length === 1 ? [segment] : out.map((part) => toSegment(part));
    }),
  );
}

/** Items joined where no space separates them (a word drawn in several pieces stays whole). */
export function piecesOf(items: readonly TextItem[]): TextItem[][] {
  return groupItems(items, (item) => SPACE * item.size);
}

/** Items (left to right) joined into groups where the gap before an item is at most `maxGap(item)` points. */
export function groupItems(items: readonly TextItem[], maxGap: (item: TextItem) => number): TextItem[][] {
  const groups: TextItem[][] = [];
  for (const item of items) {
    const group = groups[groups.length - 1];
    if (group && item.x - bounds(group).right <= maxGap(item)) group.push(item);
    else groups.push([item]);
  }
  return groups;
}

/** From the leftmost item's left edge to the rightmost one's right edge. */
export function bounds(items: readonly TextItem[]): Piece {
  return { x: Math.min(...items.map((item) => item.x)), right: Math.max(...items.map((item) => item.x + item.width)) };
}
