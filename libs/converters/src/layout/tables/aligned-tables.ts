import { listMarker } from '../list-marker';
import { EDGE, piecesOf, splitNarrowColumns } from './narrow-columns';
import { splitNarrowRows } from './narrow-rows';
import { type LineSegment, SEGMENT_GAP, type TextLine } from '../text-lines';
import { type CellLines, type PageTable, tableFromCells } from './page-table';
import { type ColumnExtent, overlapOf, rowAbove, withRowAbove } from './table-header-rows';
import type { TableRow } from '../../document';
import { runsToInline } from '../text-runs';
import type { Fill } from '../page-text';
import { shadedRows } from './shaded-rows';
import { NUMERIC } from './figures';

/** Rows needed before aligned text counts as a table. */
const MIN_ROWS = 3;
/** Segment edges this close (points) are aligned. */
const ALIGN = 4;

/**
 * Borderless tables: runs of consecutive lines split into segments by wide gaps
 * (see SEGMENT_GAP) and by narrow gaps that line up across rows (narrow-columns.ts),
 * whose segments start (or, for numbers, end) at the same x in at least three rows
 * and two columns; around those columns, rows whose other segments fall under one
 * column or between columns (placeRow). A following line with a single segment under
 * one column is that cell wrapped when its first word could not have fitted above
 * (wraps), else a row of its own. Header lines above a table (withRowsAbove) and
 * tables split by label lines (joinedAcrossLabels) are taken in. Lines that are list
 * items (marker, gap, text) are never rows.
 */
export function alignedTables(pageLines: readonly TextLine[], fills: readonly Fill[] = []): Array<TextLine | PageTable> {
  const lines = splitNarrowRows(pageLines);
  const out: Array<TextLine | PageTable> = [];
  const extentsOf = new Map<PageTable, ColumnExtent[]>();
  for (let i = 0; i < lines.length;) {
    const found = tableAt(lines, i, fills);
    if (found) {
      const table = withRowsAbove(out, found.table, found.extents);
      const joined = joinedAcrossLabels(out, table, found.extents, extentsOf, lines[i].size);
      extentsOf.set(joined, extentsOf.get(joined) ?? found.extents);
      out.push(joined);
      i = found.end;
      continue;
    }
    // Fewer rows than a table needs, in the columns of the table just above, past its labels: that table's next group.
    // Only a table at most two label lines up can take it (joinedAcrossLabels), so without one no table is looked for.
    const above = out.slice(-3).findLast((element): element is PageTable => 'kind' in element);
    const group = above && isRow(lines[i]) ? tableWith(lines, i, 2, fills) : undefined;
    const joined =
      group && sameStarts(above, group.extents, extentsOf) && joinedAcrossLabels(out, group.table, group.extents, extentsOf, lines[i].size);
    if (group && joined && joined !== group.table) {
      extentsOf.set(joined, group.extents);
      out.push(joined);
      i = group.end;
    } else out.push(lines[i++]);
  }
  return out;
}

/**
 * The table with the rows above it that the alignment test could not see (see
 * rowAbove): a header of several lines is taken line by line, bottom up, and a
 * label line in the first column between the header and the body (a section's name,
 * "Caste/tribe") is a row too when a header row naming most columns sits above it. Taken lines leave `out`.
 */
function withRowsAbove(out: Array<TextLine | PageTable>, found: PageTable, extents: readonly ColumnExtent[]): PageTable {
  let table = found;
  for (;;) {
    const above = out[out.length - 1];
    if (!above || 'kind' in above) return table;
    const row = rowAbove(above, table, extents);
    if (row) {
      table = withRowAbove(table, row, above);
      out.pop();
      continue;
    }
    const staggered = staggeredLines(out);
    const merged = staggered.length > 1 ? rowAbove(joinLines(staggered), table, extents) : undefined;
    if (merged) {
      table = withRowAbove(table, merged, staggered[0]);
      out.splice(out.length - staggered.length, staggered.length);
      continue;
    }
    const header = out[out.length - 2];
    if (!header || 'kind' in header || !isLabel(above, table, extents)) return table;
    const withLabel = withRowAbove(table, labelRow(above, extents.length), above);
    // Only a header naming most columns vouches for the label under it (a line of prose split in two does not).
    const headerRow = rowAbove(header, withLabel, extents, true);
    if (!headerRow) return table;
    table = withRowAbove(withLabel, headerRow, header);
    out.splice(out.length - 2, 2);
  }
}

/**
 * The lines at the end of `out` set closer than a line apart, top to bottom: a header
 * row whose cells are centred down the row, each cell's lines at its own height ("Read
 * &" over "Write" beside a one-line "State"), reads as several tight lines that are one row.
 */
function staggeredLines(out: ReadonlyArray<TextLine | PageTable>): TextLine[] {
  const lines: TextLine[] = [];
  for (let index = out.length - 1; index >= 0; index--) {
    const line = out[index];
    if ('kind' in line) break;
    const below = lines[0];
    if (below && (line.page !== below.page || below.y - line.y >= Math.min(line.size, below.size))) break;
    lines.unshift(line);
  }
  return lines;
}

/** Tight lines as one line at the top one's height: their segments side by side, left to right. */
function joinLines(lines: readonly TextLine[]): TextLine {
  const segments = lines.flatMap((line) => line.segments).sort((a, b) => a.x - b.x);
  return {
    ...lines[0],
    x: Math.min(...lines.map((line) => line.x)),
    right: Math.max(...lines.map((line) => line.right)),
    y: lines[lines.length - 1].y,
    segments,
  };
}

/**
 * A line that names a group of rows: one segment in the first column, starting at its
 * cells (or a little left of them) and ending before the second column, or, set out
 * left of the cells in a table of three columns or more and no larger than its rows
 * (`rowSize`), before the last (a group's name wider than the labels under it); in a
 * table whose label column is on the right (right-to-left text), a segment of
 * right-to-left text ending at the last column's right edge.
 */
function isLabel(line: TextLine, table: PageTable, columns: readonly ColumnExtent[], rowSize?: number): boolean {
  if (line.page !== table.page || line.segments.length !== 1 || listMarker(line.text)) return false;
  const first = columns[0];
  const last = columns[columns.length - 1];
  if (line.rtl)
    return line.right >= last.right - ALIGN && line.right <= last.right + 3 * line.size && line.x > columns[columns.length - 2].right;
  // Not larger than the rows: a heading set out at the margin above the next table is not a group's name.
  const outdented = line.x < first.x - ALIGN && columns.length > 2 && rowSize !== undefined && line.size <= rowSize + 0.5;
  return line.x >= first.x - 3 * line.size && line.x <= first.x + ALIGN && line.right < (outdented ? last.x : columns[1].x);
}

/**
 * The columns start where those of `table` start, one for one: a short block set in that
 * table's columns, not two rows of prose that happen to align.
 */
function sameStarts(
  table: PageTable | undefined,
  extents: readonly ColumnExtent[],
  extentsOf: ReadonlyMap<PageTable, ColumnExtent[]>,
): boolean {
  const columns = table && extentsOf.get(table);
  return (
    columns !== undefined && columns.length === extents.length && columns.every((column, k) => Math.abs(column.x - extents[k].x) <= ALIGN)
  );
}

/** A label line as a row: its text in the first column, or the last when it reads right to left. */
function labelRow(line: TextLine, width: number): TableRow {
  const at = line.rtl ? width - 1 : 0;
  return Array.from({ length: width }, (_, col) => (col === at ? runsToInline(line.runs) : []));
}

/**
 * A table that continues one found just above it, past the label lines between them
 * (a statistical table's groups of rows, each under its name) or a blank space (a price
 * list's sections): the same number of columns, each over the other's, on the same
 * page, with at most two label lines and no more than a few lines' space between. The label lines become rows of one cell; the
 * second table's header, if bold set one apart, is one of its rows.
 */
function joinedAcrossLabels(
  out: Array<TextLine | PageTable>,
  table: PageTable,
  extents: readonly ColumnExtent[],
  extentsOf: ReadonlyMap<PageTable, ColumnExtent[]>,
  rowSize: number,
): PageTable {
  for (let labels = 0; labels <= 2; labels++) {
    const before = out[out.length - 1 - labels];
    if (!before || !('kind' in before)) continue;
    const beforeColumns = extentsOf.get(before);
    const between = out.slice(out.length - labels) as TextLine[];
    if (!beforeColumns) return table;
    // Each column of the narrower lies over one of the wider's, in order (a column empty in one block is not drawn there).
    const map = columnsWithin(beforeColumns, extents);
    if (!map) return table;
    if (between.some((line) => 'kind' in line || !isLabel(line, table, extents, rowSize))) return table;
    const size = Math.max(rowSize, ...between.map((line) => line.size));
    // Blank rows alone between blocks of the same columns (a sheet's sections) may be more than label lines leave.
    const room = labels === 0 ? BLANK_ROWS : labels + 3;
    if (table.top - (before.bottom ?? before.top) > room * size) return table;
    const narrower = map.wider === 'second' ? before : table;
    if (map.columns.length !== Math.max(beforeColumns.length, extents.length) && narrower.table.spans) return table;
    // The first group's name, above the first block, looks as the names between do.
    const above = out[out.length - 2 - labels];
    const firstLabel =
      labels > 0 && above && !('kind' in above) && !before.table.header && namesFirstGroup(above, between[0], before, beforeColumns)
        ? [above]
        : [];
    out.splice(out.length - 1 - labels - firstLabel.length, labels + 1 + firstLabel.length);
    const width = Math.max(beforeColumns.length, extents.length);
    const widen = (t: PageTable) => (row: TableRow) =>
      t === narrower ? Array.from({ length: width }, (_, col) => row[map.columns.indexOf(col)] ?? []) : row;
    const rowsOf = (t: PageTable) => (t.table.header ? [t.table.header, ...t.table.rows] : t.table.rows).map(widen(t));
    return {
      ...before,
      right: Math.max(before.right, table.right),
      left: Math.min(before.left, table.left),
      bottom: table.bottom,
      table: {
        ...before.table,
        ...(before.table.header ? { header: widen(before)(before.table.header) } : {}),
        rows: [
          ...firstLabel.map((line) => labelRow(line, width)),
          ...before.table.rows.map(widen(before)),
          ...between.map((line) => labelRow(line, width)),
          ...rowsOf(table),
        ],
      },
    };
  }
  return table;
}

/** `line`, just above `table`'s first row, names its rows as `label` (a name between two blocks) names the next block's: in its place and style. */
function namesFirstGroup(line: TextLine, label: TextLine, table: PageTable, columns: readonly ColumnExtent[]): boolean {
  const firstRow = table.top + label.size;
  return (
    isLabel(line, table, columns, label.size) &&
    line.bold === label.bold &&
    Math.abs(line.size - label.size) < 0.5 &&
    Math.abs(line.x - label.x) <= ALIGN &&
    firstRow - line.y <= 2 * line.size
  );
}

/** Blank space, in rows of the table's size, that may part two blocks of one table's columns with nothing between them. */
const BLANK_ROWS = 6;

/**
 * How the columns of the narrower of two blocks sit under the wider's: each over one of
 * the wider's, in order, overlapping by half the narrower column's width (ragged text
 * columns agree on no edge) and, where the widths differ, on the same left or right edge. `columns[k]` is the wider's column the narrower's k-th
 * lies over; undefined when a column lies over none.
 */
function columnsWithin(
  first: readonly ColumnExtent[],
  second: readonly ColumnExtent[],
): { wider: 'first' | 'second'; columns: number[] } | undefined {
  const wider = second.length > first.length ? 'second' : 'first';
  const [narrow, wide] = wider === 'second' ? [first, second] : [second, first];
  // Blocks as wide as each other may only overlap; a narrower one is a block of the same columns where each shares an
  // edge too (a totals block under an invoice's items overlaps their columns, set on edges of its own).
  const overlap = (a: ColumnExtent, b: ColumnExtent) => overlapOf(a, b) >= 0.5 * Math.min(a.right - a.x, b.right - b.x);
  const edge = (a: ColumnExtent, b: ColumnExtent) => Math.abs(a.x - b.x) <= ALIGN || Math.abs(a.right - b.right) <= ALIGN;
  const same = (a: ColumnExtent, b: ColumnExtent) => overlap(a, b) && (narrow.length === wide.length || edge(a, b));
  const columns: number[] = [];
  let from = 0;
  for (const column of narrow) {
    const at = wide.findIndex((other, k) => k >= from && same(column, other));
    if (at < 0) return undefined;
    columns.push(at);
    from = at + 1;
  }
  return { wider, columns };
}

/**
 * A line of two or more segments that is no list item (a marker, a gap and the item's
 * text): a marker followed by two or more cells is a numbered row (`1.` · `Public
 * Forum…` · `Free`). A line set mostly in a monospaced font is code unless one of its
 * segments is set in another face: a label beside a value in code (`Manager DN` ·
 * `cn=admin,dc=…`) is a table row.
 */
function isRow(line: TextLine): boolean {
  return (
    (!line.mono || line.segments.some((segment) => !isMonoSegment(segment))) &&
    line.segments.length >= 2 &&
    (line.segments.length >= 3 || !listMarker(`${line.segments[0].text} x`))
  );
}

function isMonoSegment(segment: LineSegment): boolean {
  return segment.runs.every((run) => run.mono || run.text.trim() === '');
}

/** A row set in bold (every segment): how a header row usually looks. */
function isBoldRow(line: TextLine | undefined): boolean {
  return (
    line !== undefined && isRow(line) && line.segments.every((segment) => segment.runs.every((run) => run.bold || run.text.trim() === ''))
  );
}

/**
 * A table starting at `start`: three rows, or two when the first is a bold header over
 * a regular row (a table that a page break cut short, or a one-row table), or when
 * each cell of the two rows sits under a cell of the other (a sheet of two rows).
 */
function tableAt(lines: readonly TextLine[], start: number, fills: readonly Fill[]): Found | undefined {
  if (!isRow(lines[start])) return undefined;
  const next = lines[start + 1];
  const headed = isBoldRow(lines[start]) && next !== undefined && isRow(next) && !isBoldRow(next);
  return (
    tableWith(lines, start, MIN_ROWS, fills) ?? (headed || isGridPair(lines[start], next) ? tableWith(lines, start, 2, fills) : undefined)
  );
}

/**
 * Two rows with as many cells, each under the other's (once a narrow gap both rows
 * share is taken as a cell's edge): too regular for prose.
 */
function isGridPair(first: TextLine, second: TextLine | undefined): boolean {
  if (!second || !isRow(second)) return false;
  const [above, below] = splitNarrowColumns([first.segments, second.segments], 2);
  if (above.length !== below.length) return false;
  return above.every((cell, k) => Math.abs(cell.x - below[k].x) <= ALIGN || Math.abs(cell.right - below[k].right) <= ALIGN);
}

/** A table, the index of the line after it, and where each of its columns' cells start and how far they reach. */
type Found = { table: PageTable; end: number; extents: ColumnExtent[] };

function tableWith(lines: readonly TextLine[], start: number, minRows: number, fills: readonly Fill[]): Found | undefined {
  let end = start + 1;
  // Lines of one segment taken as rows whose cells sit a word space apart, cut below.
  const rowLike = new Set<TextLine>();
  // Until two lines are seen, a wrapped line may sit at most ordinary leading below.
  let pitch = lines[start].size * 1.4;
  // The tightest distance between two rows taken one after the other, for rowBelow.
  let rowPitch = Infinity;
  while (end < lines.length) {
    // Before follows, which would take such a line for a wrapped cell.
    if (betweenRows(lines, end) || rowBelow(lines[end - 1], lines[end], rowPitch)) rowLike.add(lines[end++]);
    else if (follows(lines[end - 1], lines[end], pitch)) {
      pitch = Math.min(pitch, lines[end].y - lines[end - 1].y);
      if (isRow(lines[end]) && isRow(lines[end - 1])) rowPitch = Math.min(rowPitch, lines[end].y - lines[end - 1].y);
      end++;
    } else break;
  }
  const candidates = lines.slice(start, end);
  // A line between two rows may be a row whose cells sit only a word space apart (a
  // label as wide as its column: "Module Identifier: status_module"; a run of a
  // spreadsheet's figures as wide as their columns): it is cut at the edges the rows
  // share too. A line at the table's edge is not (it may be prose), unless rowBelow took it.
  const rowAt = candidates.map((line) => isRow(line));
  const splittable = candidates.map(
    (line, i) => rowAt[i] || rowLike.has(line) || (rowAt.slice(0, i).includes(true) && rowAt.slice(i + 1).includes(true)),
  );
  const split = splitNarrowColumns(
    candidates.map((line, i) => (splittable[i] ? line.segments : [])),
    minRows,
  );
  const segments = candidates.map((line, i) => (splittable[i] ? split[i] : line.segments));
  const columns = columnAnchors(
    segments.filter((_, i) => isRow(candidates[i])),
    minRows,
  );
  if (columns.length < 2) return undefined;
  const spans = columnSpans(segments, columns);
  const placements = candidates.map((_, i) => placeRow(segments[i], columns, spans));
  const fits = (i: number) => i < candidates.length && placements[i] !== undefined;

  const taken: Placement[][] = [];
  for (let i = 0; i < candidates.length && fits(i); i++) {
    const placed = placements[i] as Placement[];
    // A wrapped cell joins the row above: under a later column, or under the first
    // one when another row follows (else it may be the paragraph after the table).
    if (placed.length === 1 && (taken.length === 0 || (placed[0].column === 0 && !(fits(i + 1) && segments[i + 1].length > 1)))) break;
    if (placed.length === 1 && placed[0].column < 0) break;
    if (setApart(candidates, segments[i], taken, i, columns)) break;
    taken.push(placed);
  }
  const grid = withGapColumns(taken, columns.length);
  if (!grid) return undefined;
  const reaches = Array.from({ length: grid.width }, (_, col) => reachOf(segmentsIn(grid.rows, col)));
  // How far each column's cells reach, and where the next column's cells start (the room a cell could have had).
  const limits = reaches.map((reach, col) => ({ reach: reach.right, room: reaches[col + 1]?.x ?? reach.right }));
  const gridLines = candidates.slice(0, grid.rows.length);
  const closeBelow = closeLines(gridLines.map((line) => line.y));
  const shading = shadedRows(gridLines, fills);
  // Lone lines the fit test cannot judge (under the line that sets the column's reach)
  // go as the column's other lone lines went: rows of their own where most of those were.
  const judged = assembleRows(grid, limits, { closeBelow, shading }, () => true);
  const ownRows = new Set(judged.votes.flatMap((vote, col) => (vote.rows > vote.wraps ? [col] : [])));
  const { rows } = ownRows.size > 0 ? assembleRows(grid, limits, { closeBelow, shading }, (col) => !ownRows.has(col)) : judged;
  if (rows.length < minRows) return undefined;
  const table = tableFromCells(rows);
  if (!table) return undefined;
  const first = lines[start];
  const count = grid.rows.length;
  const left = Math.min(...candidates.slice(0, count).map((line) => line.x));
  const right = Math.max(...candidates.slice(0, count).map((line) => line.right));
  // The last row's baseline plus its descenders, as a paragraph's box ends (lines-to-blocks.ts).
  const last = candidates[count - 1];
  const bottom = last.y + last.size * 0.25;
  return {
    table: { kind: 'table', page: first.page, pageHeight: first.pageHeight, left, right, top: first.y - first.size, bottom, table },
    end: start + count,
    extents: reaches,
  };
}

/** How the lone lines of one column that the fit test could judge went: wrapped into the cell above, or rows of their own. */
type Votes = { wraps: number; rows: number };

/**
 * The grid's lines as rows of cells: lines the shading draws as one row are one
 * (shadedRows: `shading`, a key per line), lines it draws apart are two; else a lone
 * line under a cell wraps it (wraps), lines set close under a padded row continue it
 * (continuesRow, `closeBelow`), any other line is a row. `unsureWraps` says, per
 * column, what a lone line the fit test cannot judge does.
 */
function assembleRows(
  grid: { rows: Placement[][]; width: number },
  limits: ReadonlyArray<{ reach: number; room: number }>,
  { closeBelow, shading }: { closeBelow: readonly boolean[]; shading: ReadonlyArray<string | undefined> },
  unsureWraps: (column: number) => boolean,
): { rows: CellLines[][]; votes: Votes[] } {
  const rows: CellLines[][] = [];
  const votes: Votes[] = Array.from({ length: grid.width }, () => ({ wraps: 0, rows: 0 }));
  let lastIn: Array<LineSegment | undefined> = [];
  // Where most lines are set close, the close pitch is the rows' own (a sheet with a blank row or two), not a cell's
  // leading: a line with its first cell filled is then a row, however narrow the columns its words would overflow.
  const close = closeBelow.slice(1, grid.rows.length).filter(Boolean).length;
  const wrapsFew = close * 2 < grid.rows.length - 1;
  const runOn = (placed: readonly Placement[]) => {
    for (const { column, segment } of placed) {
      rows[rows.length - 1][column].push(segment.runs);
      lastIn[column] = segment;
    }
  };
  for (const [k, placed] of grid.rows.entries()) {
    const [band, bandAbove] = [shading[k], shading[k - 1]];
    if (rows.length > 0 && band !== undefined && band === bandAbove) {
      runOn(placed);
      continue;
    }
    const apart = band !== undefined && bandAbove !== undefined;
    const only = placed.length === 1 && !apart ? placed[0] : undefined;
    const fit = only && rows.length > 0 ? wraps(lastIn[only.column], only.segment, limits[only.column]) : 'row';
    if (only && fit !== 'unsure' && rows.length > 0) votes[only.column][fit === 'wrap' ? 'wraps' : 'rows']++;
    if (only && (fit === 'wrap' || (fit === 'unsure' && unsureWraps(only.column)))) runOn([only]);
    else if (
      !apart &&
      closeBelow[k] &&
      ((continuesRow(rows[rows.length - 1], placed) && !setOnItsOwn(placed, lastIn, limits)) ||
        (wrapsFew && overflowsEach(placed, lastIn, limits)))
    )
      runOn(placed);
    else {
      lastIn = [];
      for (const cell of placed) lastIn[cell.column] = cell.segment;
      const row: CellLines[] = Array.from({ length: grid.width }, () => []);
      for (const { column, segment } of placed) row[column].push(segment.runs);
      rows.push(row);
    }
  }
  return { rows, votes };
}

/**
 * A block set apart below the rows taken (a gap wider than ROW_GAP times their
 * tightest pitch) whose cells, but for one, align on no column those rows align on: a
 * totals block under an invoice's items (its figures aligned only with each other),
 * its own small table, not rows of this one.
 */
function setApart(
  candidates: readonly TextLine[],
  row: readonly LineSegment[],
  taken: readonly Placement[][],
  i: number,
  columns: readonly Anchor[],
): boolean {
  if (taken.length < 2) return false;
  const pitch = Math.min(...candidates.slice(1, i).map((line, k) => line.y - candidates[k].y));
  if (candidates[i].y - candidates[i - 1].y <= ROW_GAP * pitch) return false;
  const used = new Set(taken.flat().map((cell) => columnOf(cell.segment, columns)));
  return row.map((segment) => columnOf(segment, columns)).filter((column) => column >= 0 && used.has(column)).length < 2;
}

/**
 * Whether a lone line under a cell is that cell's text wrapped: only if its first word
 * would not have fitted at the end of the line above, as far right as the column's
 * cells reach. A line that could have been set on the one above was set apart on
 * purpose: a row of its own (a section label in a price list). A cell above with no
 * text takes it too (a cell whose text is centred down a taller row), and so does one
 * whose line ends unfinished (a comma, "and"): the writer broke it where it pleased.
 * The test tells nothing (`unsure`) under the line that sets the column's reach, where
 * nothing would have fitted, nor where the word would have fitted in the room before
 * the next column though not within the reach: the column may be wider than its text.
 */
function wraps(above: LineSegment | undefined, line: LineSegment, limit: { reach: number; room: number }): 'wrap' | 'row' | 'unsure' {
  if (!above || unfinished(above.text)) return 'wrap';
  if (above.right >= limit.reach - 1) return 'unsure';
  const end = endAfter(above, line);
  if (end <= limit.reach + 1) return 'row';
  return end < limit.room - SEGMENT_GAP * sizeOf(line) ? 'unsure' : 'wrap';
}

/** Where the line's first word would have ended, set after the line above and a space. */
export function endAfter(above: Pick<LineSegment, 'x' | 'right' | 'text'>, line: Pick<LineSegment, 'x' | 'right' | 'text'>): number {
  const first = /^\S+/.exec(line.text)?.[0] ?? '';
  // Widths by the share of characters: the line's items give no per-character widths.
  const wordWidth = line.text.length > 0 ? ((line.right - line.x) * first.length) / line.text.length : 0;
  const space = (above.right - above.x) / Math.max(1, above.text.length);
  return above.right + space + wordWidth;
}

/** The font size of a segment's text (its largest item's). */
function sizeOf(segment: LineSegment): number {
  return Math.max(0, ...segment.items.map((item) => item.size));
}

/** A gap this much wider than a table's narrowest line gap separates rows; one at most CLOSE times it joins the lines of one row. */
const ROW_GAP = 1.5;
const CLOSE = 1.25;
/** A pitch this much wider than the narrowest, between at least MIN_PADDED pairs of lines, is the rows' own (closeLines). */
const PADDED = 1.15;
const MIN_PADDED = 2;

/**
 * Per line (by baseline), whether it sits at the table's narrowest line pitch below
 * the line above, in a table whose rows are also set apart by wider gaps: rows padded
 * apart, their cells wrapped at the text's own leading. In a table spaced evenly,
 * nothing is close: a line there is a row.
 */
function closeLines(ys: readonly number[]): boolean[] {
  const gaps = ys.map((y, k) => (k === 0 ? Infinity : y - ys[k - 1]));
  const narrowest = Math.min(...gaps);
  if (gaps.some((gap) => gap !== Infinity && gap >= ROW_GAP * narrowest)) return gaps.map((gap) => gap <= CLOSE * narrowest);
  // Rows padded a little apart (a printed HTML table's cell padding: 16.5 points between
  // rows, 13.5 between a cell's lines): two pitches, the wider one between rows, seen
  // between several rows so that a header's extra space alone does not make one.
  const padded = gaps.filter((gap) => gap !== Infinity && gap >= PADDED * narrowest);
  if (padded.length < MIN_PADDED) return ys.map(() => false);
  const between = (narrowest + Math.min(...padded)) / 2;
  return gaps.map((gap) => gap < between);
}

/**
 * A line set close under a row continues it (its cells wrapped onto a second line)
 * when the row's first cell has text and the line's does not, every cell of the line
 * sits under a cell of the row, and not all of them are numbers (a row of figures
 * under a label is a row of its own: the label spans it).
 */
function continuesRow(row: CellLines[] | undefined, line: readonly Placement[]): boolean {
  if (!row || row[0].length === 0 || line.some((cell) => cell.column === 0)) return false;
  if (!line.every((cell) => row[cell.column]?.length > 0)) return false;
  return !line.every((cell) => NUMERIC.test(cell.segment.text));
}

/**
 * A line of two cells or more, some cell of words in it such that it would have fitted
 * at the end of that cell's line above (the fit test of wraps): the writer began new
 * lines there on purpose, so the line is a row of its own under an empty first cell,
 * not the row above run on.
 */
function setOnItsOwn(
  line: readonly Placement[],
  lastIn: ReadonlyArray<LineSegment | undefined>,
  limits: ReadonlyArray<{ reach: number; room: number }>,
): boolean {
  // A lone line's fit was judged already (assembleRows): under a padded row it may be a forced break in one cell.
  if (line.length < 2) return false;
  return line.some(({ column, segment }) => !NUMERIC.test(segment.text) && wraps(lastIn[column], segment, limits[column]) === 'row');
}

/**
 * A line set close under a row, its first cell filled too, continues the row where
 * every one of its cells' first words would not have fitted after that cell's line
 * above, even in the room up to the next column: each cell's text wrapped
 * ("…behave like local" / "root?"). Figures alone never do.
 */
function overflowsEach(
  line: readonly Placement[],
  lastIn: ReadonlyArray<LineSegment | undefined>,
  limits: ReadonlyArray<{ reach: number; room: number }>,
): boolean {
  if (line.every((cell) => NUMERIC.test(cell.segment.text))) return false;
  return line.every(({ column, segment }) => {
    const above = lastIn[column];
    return above !== undefined && endAfter(above, segment) > Math.max(limits[column].room, limits[column].reach) + 1;
  });
}

/** A cell line ending in a comma, an open bracket or a joining word has more to come, wherever the line broke. */
const UNFINISHED = /(?:[,;:(&]|\S[-–]|\b(?:and|or|of|the|to|in|with|for))$/i;

function unfinished(text: string): boolean {
  return UNFINISHED.test(text.trim());
}

/** Where one segment of a row goes: an anchored column, or a gap between columns (column -1) that becomes a column of its own. */
interface Placement {
  column: number;
  segment: LineSegment;
}

/** The segments the rows place in one column, top to bottom. */
function segmentsIn(rows: readonly Placement[][], column: number): LineSegment[] {
  return rows.flatMap((row) => row.filter((cell) => cell.column === column).map((cell) => cell.segment));
}

/** From the leftmost segment's left edge to the rightmost one's right edge. */
function reachOf(segments: readonly LineSegment[]): ColumnExtent {
  return { x: Math.min(...segments.map((segment) => segment.x)), right: Math.max(...segments.map((segment) => segment.right)) };
}

/** How far (points) each anchored column's cells reach, left to right: the x range of the segments aligned on it. */
function columnSpans(segments: readonly LineSegment[][], anchors: readonly Anchor[]): ColumnExtent[] {
  const spans = anchors.map(() => ({ x: Infinity, right: -Infinity }));
  for (const segment of segments.flat()) {
    const column = columnOf(segment, anchors);
    if (column < 0) continue;
    spans[column].x = Math.min(spans[column].x, segment.x);
    spans[column].right = Math.max(spans[column].right, segment.right);
  }
  return spans;
}

/**
 * A row's segments in columns, or undefined when the row does not fit the table. A
 * segment aligned on a column's edge is in it; one that only overlaps the cells of one
 * column (a centred header over left-aligned values) is in that one; one that overlaps
 * no column's cells sits in a gap, a column too few rows align on (a centred column,
 * the first cells of a table whose later rows leave them empty). A row fits when no
 * segment runs across two columns, no two share one, and at least two (or its only
 * one) are in anchored columns: so a line of prose above or below, one long segment,
 * never joins.
 */
function placeRow(segments: readonly LineSegment[], anchors: readonly Anchor[], spans: readonly ColumnExtent[]): Placement[] | undefined {
  const placed: Placement[] = [];
  for (const segment of segments) {
    let column = columnOf(segment, anchors);
    if (column < 0) {
      const under = spans.flatMap((span, k) => (overlapOf(segment, span) > 0 ? [k] : []));
      if (under.length > 1) return undefined;
      column = under.length === 1 ? under[0] : -1;
    }
    placed.push({ column, segment });
  }
  const inColumns = placed.filter((cell) => cell.column >= 0).map((cell) => cell.column);
  if (new Set(inColumns).size !== inColumns.length) return undefined;
  if (inColumns.length < Math.min(2, placed.length)) return undefined;
  return placed;
}

/**
 * The rows with gap segments given columns of their own: gap segments whose x ranges
 * overlap, down the rows, are one new column. Two segments of one row in one new
 * column cut the table before that row. Returns the rows with every column numbered
 * left to right, and the table's width.
 */
function withGapColumns(rows: readonly Placement[][], anchored: number): { rows: Placement[][]; width: number } | undefined {
  const gaps = rows.flat().filter((cell) => cell.column < 0);
  const clusters: ColumnExtent[] = [];
  for (const { segment } of [...gaps].sort((a, b) => a.segment.x - b.segment.x)) {
    const last = clusters[clusters.length - 1];
    if (last && segment.x < last.right) last.right = Math.max(last.right, segment.right);
    else clusters.push({ x: segment.x, right: segment.right });
  }
  const gapColumn = (segment: LineSegment) =>
    anchored + clusters.findIndex((cluster) => segment.x >= cluster.x && segment.x < cluster.right);
  // Every column by where its cells start: anchored columns keep their order, new ones fall in between.
  const startOf = new Map<number, number>();
  const numbered = rows.map((row) =>
    row.map((cell) => {
      const column = cell.column >= 0 ? cell.column : gapColumn(cell.segment);
      startOf.set(column, Math.min(startOf.get(column) ?? Infinity, cell.segment.x));
      return { column, segment: cell.segment };
    }),
  );
  const order = [...startOf.keys()].sort((a, b) => (startOf.get(a) as number) - (startOf.get(b) as number));
  const index = new Map(order.map((column, k) => [column, k]));
  const out: Placement[][] = [];
  for (const row of numbered) {
    const columns = row.map((cell) => index.get(cell.column) as number);
    if (new Set(columns).size !== columns.length) break;
    out.push(row.map((cell, k) => ({ column: columns[k], segment: cell.segment })));
  }
  return out.length > 0 ? withIndentsMerged(out, order.length) : undefined;
}

/**
 * Neighbouring columns that no row fills both of, and whose cells overlap across the
 * page, are one column: the indent levels of a column of row labels ("1 child", then
 * "1 son" indented under it) each align well enough to be found as a column.
 */
function withIndentsMerged(rows: Placement[][], width: number): { rows: Placement[][]; width: number } {
  for (let col = 0; col + 1 < width;) {
    const [left, right] = [segmentsIn(rows, col), segmentsIn(rows, col + 1)];
    const both = rows.some((row) => row.some((cell) => cell.column === col) && row.some((cell) => cell.column === col + 1));
    if (both || left.length === 0 || right.length === 0 || overlapOf(reachOf(left), reachOf(right)) <= 0) {
      col++;
      continue;
    }
    rows = rows.map((row) => row.map((cell) => (cell.column > col ? { ...cell, column: cell.column - 1 } : cell)));
    width--;
  }
  return { rows, width };
}

/**
 * A line of one segment set a row's distance below a row and above another: it may be
 * a row whose cells sit only a word space apart, which tableWith cuts at the columns'
 * edges (else the placing ends the table there).
 */
function betweenRows(lines: readonly TextLine[], at: number): boolean {
  const [above, line, below] = [lines[at - 1], lines[at], lines[at + 1]];
  return (
    line !== undefined &&
    below !== undefined &&
    !isRow(line) &&
    isRow(above) &&
    isRow(below) &&
    line.page === above.page &&
    below.page === line.page &&
    line.y > above.y &&
    below.y > line.y &&
    line.y - above.y <= 3 * Math.max(above.size, line.size) &&
    below.y - line.y <= 3 * Math.max(below.size, line.size) &&
    startsCellOf(line, above) &&
    startsCellOf(line, below)
  );
}

/** A cut this much wider than the line's other word gaps is set on purpose: a cell's start, not a word space. */
const CUT_OVER_SPACE = 1.2;
/** A word space, as a share of the font size. */
const WORD_SPACE = 0.25;

/**
 * The line under the last row taken, a row's pitch below it, that is a row whose cells
 * sit only a word space apart (a key–value table's widest label last: "Compatibility:
 * Version 2.4 and later"): it starts where the row above starts, and a word starts
 * where a later cell of that row does, after a gap wider than the line's word spaces
 * (prose has one width of space along a line).
 */
function rowBelow(above: TextLine, line: TextLine, rowPitch: number): boolean {
  if (isRow(line) || !isRow(above) || line.page !== above.page || line.y <= above.y) return false;
  // rowPitch is Infinity until two rows were taken one after the other: no pitch to compare with.
  if (rowPitch === Infinity || line.y - above.y > rowPitch + 1) return false;
  if (Math.abs(line.x - above.segments[0].x) > EDGE) return false;
  const { pieces, cut } = cellStart(line, above);
  if (cut < 0) return false;
  const gaps = pieces.slice(1).map((piece, k) => piece[0].x - Math.max(...pieces[k].map((item) => item.x + item.width)));
  // Where the words are drawn as one item, a word space is about a quarter of the size.
  const spaces = [WORD_SPACE * line.size, ...gaps.filter((_, k) => k !== cut - 1)];
  return gaps[cut - 1] > CUT_OVER_SPACE * Math.max(...spaces);
}

/** A word of `line`, after a space, starts where a later cell of `row` starts. */
function startsCellOf(line: TextLine, row: TextLine): boolean {
  return cellStart(line, row).cut >= 0;
}

/** `line`'s words, and the index of the first after the first word that starts where a later cell of `row` starts (-1: none). */
function cellStart(line: TextLine, row: TextLine): { pieces: ReturnType<typeof piecesOf>; cut: number } {
  const starts = row.segments.slice(1).map((segment) => segment.x);
  const pieces = piecesOf(line.segments.flatMap((segment) => segment.items));
  return { pieces, cut: pieces.findIndex((piece, k) => k > 0 && starts.some((x) => Math.abs(piece[0].x - x) <= EDGE)) };
}

/**
 * The next line belongs to the same table: a row close enough below, or a single
 * segment (a wrapped cell) in the same size no farther below than the tightest line
 * pitch so far, which stops the table at the paragraph or heading after it.
 */
function follows(above: TextLine, below: TextLine, pitch: number): boolean {
  if (above.page !== below.page || below.y <= above.y) return false;
  if (isRow(below)) return below.y - above.y <= 3 * Math.max(above.size, below.size);
  return below.segments.length === 1 && Math.abs(below.size - above.size) < 0.5 && below.y - above.y <= pitch + 1;
}

interface Anchor {
  /** The cells' shared edge; `centre` for a column whose cells are centred (a spreadsheet's or a form's). */
  edge: 'left' | 'right' | 'centre';
  at: number;
  /** Where the column's other edge sits when all its cells share it too (fixed-width values such as single digits). */
  other?: number;
}

/**
 * Column positions shared by at least `minRows` rows: left edges first; a column
 * whose segments only agree on their right edge (right-aligned numbers) is found by
 * right edges among the segments no left anchor explains. A column whose cells agree
 * on both edges also takes a cell by the other one: a right-aligned header over
 * one-digit numbers starts left of them. Segments neither edge explains that share
 * their centre are a centred column.
 */
function columnAnchors(rows: readonly LineSegment[][], minRows: number): Anchor[] {
  const lefts = clusters(rows.flat().map((segment) => segment.x)).filter((cluster) => cluster.count >= minRows);
  const anchors: Anchor[] = lefts.map((cluster) => ({ edge: 'left', at: cluster.at }));
  const unexplained = rows.flat().filter((segment) => !anchors.some((anchor) => Math.abs(segment.x - anchor.at) <= ALIGN));
  for (const cluster of clusters(unexplained.map((segment) => segment.right))) {
    if (cluster.count >= minRows) anchors.push({ edge: 'right', at: cluster.at });
  }
  const uncentred = unexplained.filter((segment) => !anchors.some((anchor) => Math.abs(segment.right - anchor.at) <= ALIGN));
  for (const cluster of clusters(uncentred.map((segment) => edgeOf(segment, 'centre')))) {
    if (cluster.count >= minRows) anchors.push({ edge: 'centre', at: cluster.at });
  }
  for (const anchor of anchors) {
    if (anchor.edge === 'centre') continue;
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
    anchor.edge === 'left'
      ? anchor.at
      : Math.min(...unexplained.filter((s) => Math.abs(edgeOf(s, anchor.edge) - anchor.at) <= ALIGN).map((s) => s.x));
  return merged.sort((a, b) => start(a) - start(b));
}

function edgeOf(segment: LineSegment, edge: Anchor['edge']): number {
  if (edge === 'centre') return (segment.x + segment.right) / 2;
  return edge === 'left' ? segment.x : segment.right;
}

/** The column whose anchor edge the segment shares, else one whose other edge it shares. */
function columnOf(segment: LineSegment, anchors: readonly Anchor[]): number {
  const byAnchor = anchors.findIndex((anchor) => Math.abs(edgeOf(segment, anchor.edge) - anchor.at) <= ALIGN);
  if (byAnchor >= 0) return byAnchor;
  const otherEdge = (anchor: Anchor) => edgeOf(segment, anchor.edge === 'left' ? 'right' : 'left');
  // A centred column has no other edge (its `other` stays undefined).
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
