import type { TableCell, TableSpan } from '../../document';
import { type TextLine, type TextRun, groupLines } from '../text-lines';
import { type PageTable, joinCell } from './page-table';
import type { TextItem, TaggedTable } from '../page-text';
import { runsToInline } from '../text-runs';
import { LTR_LETTER, RTL_CHAR } from '../characters';

type Cell = { header: boolean; items: TextItem[]; rowSpan?: number; colSpan?: number };

/** Within this many points of a column's left edge, a cell starts in that column. */
const COLUMN_SLACK = 3;

/**
 * Each row's cells in their columns. The tree lists a row's cells without the ones a
 * cell above spans over (pdf.js gives no RowSpan attribute), so a row with fewer cells
 * than the table is wide has its cells placed by where their text starts: at the
 * column whose left edge (as the full rows show it) is the last at or before it.
 */
function placeCells(rows: readonly Cell[][], width: number): Array<Array<Cell | undefined>> {
  const full = rows.filter((row) => row.length === width);
  const lefts = Array.from({ length: width }, (_, col) => {
    const starts = full.flatMap((row) => (row[col].items.length > 0 ? [Math.min(...row[col].items.map((item) => item.x))] : []));
    return starts.length > 0 ? Math.min(...starts) : undefined;
  });
  return rows.map((row) => {
    if (row.length === width || lefts.some((left) => left === undefined)) return Array.from({ length: width }, (_, col) => row[col]);
    const out: Array<Cell | undefined> = Array.from({ length: width }, () => undefined);
    let next = 0;
    row.forEach((cell, index) => {
      const start = cell.items.length > 0 ? Math.min(...cell.items.map((item) => item.x)) : undefined;
      // The last column starting at or before the text, leaving room for the cells after it.
      let col = next;
      if (start !== undefined)
        for (let c = next; c <= width - (row.length - index); c++) if ((lefts[c] as number) <= start + COLUMN_SLACK) col = c;
      out[col] = cell;
      next = col + 1;
    });
    return out;
  });
}

/**
 * Each row's cells in the order the page shows them. Some exporters list a row's cells
 * in the order they drew them, not left to right (Excel's tagged PDFs put a later
 * column second in some rows), and the tree is only as good as its exporter: where a
 * row's cells with text do not run left to right (right to left in a table of mostly
 * right-to-left text), they are put in that order, the empty cells keeping their places.
 */
function inReadingOrder(rows: Cell[][]): Cell[][] {
  const rtl = isRightToLeft(rows);
  const edge = (cell: Cell) =>
    rtl ? -Math.max(...cell.items.map((item) => item.x + item.width)) : Math.min(...cell.items.map((item) => item.x));
  return rows.map((row) => {
    const filled = row.flatMap((cell, index) => (cell.items.length > 0 ? [index] : []));
    const ordered = filled.map((index) => row[index]).sort((a, b) => edge(a) - edge(b));
    if (ordered.every((cell, k) => cell === row[filled[k]])) return row;
    const out = [...row];
    filled.forEach((index, k) => (out[index] = ordered[k]));
    return out;
  });
}

/**
 * A table of right-to-left text: more of its cells are written in a right-to-left script
 * than in a left-to-right one, by their letters (figures lean neither way). Counted by
 * cells, not by glyphs: a font's feature table with one column of Arabic examples is
 * still read left to right, however many glyphs its examples have.
 */
function isRightToLeft(rows: readonly Cell[][]): boolean {
  let rtl = 0;
  let ltr = 0;
  for (const cell of rows.flat()) {
    const text = cell.items.map((item) => item.text).join('');
    const right = text.match(RTL_CHAR)?.length ?? 0;
    const left = text.match(LTR_LETTER)?.length ?? 0;
    if (right > left) rtl++;
    else if (left > right) ltr++;
  }
  return rtl > ltr;
}

/** A column a row leaves out is the cell above it spanning down: one span per such run. */
function rowSpans(placed: ReadonlyArray<ReadonlyArray<Cell | undefined>>): TableSpan[] {
  const spans = new Map<string, TableSpan>();
  const owner: Array<TableSpan | undefined> = [];
  placed.forEach((row, r) => {
    row.forEach((cell, col) => {
      if (cell) {
        const span: TableSpan = { row: r, column: col, rowSpan: 1, colSpan: 1 };
        owner[col] = span;
        spans.set(`${r}:${col}`, span);
      } else if (owner[col]) owner[col].rowSpan++;
    });
  });
  return [...spans.values()].filter((span) => span.rowSpan > 1);
}

const filled = (cell: Cell | undefined): TextItem[] => cell?.items ?? [];

type Placement = { placed: Array<Array<Cell | undefined>>; spans: TableSpan[] };

/** pdf.js's rows, where a missing cell may be empty or spanned over: rows without text dropped, cells placed by where they start. */
function placeInferred(cells: Cell[][]): Placement {
  const rows = inReadingOrder(cells.filter((row) => row.some((cell) => cell.items.length > 0)));
  const width = Math.max(0, ...rows.map((row) => row.length));
  const placed = placeCells(rows, width);
  return { placed, spans: rowSpans(placed) };
}

/**
 * The file's own rows, every cell listed with its spans: laid out as HTML lays out a
 * table, each cell in the first column its row has free, covering the slots its spans
 * say (a span past the table's last row ends there).
 */
function placeDeclared(declared: Cell[][], keepColumns: boolean): Placement {
  // Without spans a row's cells can be put in reading order as pdf.js's are; with them their order is what places them.
  const rows = declared.some((row) => row.some((cell) => (cell.rowSpan ?? 1) > 1 || (cell.colSpan ?? 1) > 1))
    ? declared
    : inReadingOrder(declared);
  const placed: Array<Array<Cell | undefined>> = rows.map(() => []);
  const taken = rows.map(() => new Set<number>());
  const spans: TableSpan[] = [];
  rows.forEach((row, r) => {
    let column = 0;
    for (const cell of row) {
      while (taken[r].has(column)) column++;
      const rowSpan = Math.min(cell.rowSpan ?? 1, rows.length - r);
      const colSpan = cell.colSpan ?? 1;
      placed[r][column] = cell;
      for (let dr = 0; dr < rowSpan; dr++) for (let dc = 0; dc < colSpan; dc++) taken[r + dr].add(column + dc);
      if (rowSpan > 1 || colSpan > 1) spans.push({ row: r, column, rowSpan, colSpan });
      column += colSpan;
    }
  });
  const width = Math.max(0, ...taken.map((slots) => Math.max(-1, ...slots) + 1));
  for (const row of placed) row.length = width;
  return withoutEmptyLines({ placed, spans }, keepColumns);
}

/**
 * Rows and columns in which no cell starts with text dropped, the spans across them
 * shortened; a part of a table declared over several pages keeps its columns (one
 * empty on this page may hold text on another: continued-tables.ts drops those empty
 * in every part once the parts are joined). Spreadsheet exports declare their whole layout grid, spacer rows and
 * columns included (one election-results sheet: 80 columns, every other row empty),
 * which says nothing a reader needs.
 */
function withoutEmptyLines({ placed, spans }: Placement, keepColumns: boolean): Placement {
  const width = placed[0]?.length ?? 0;
  const keepRow = placed.map((row) => row.some((cell) => filled(cell).length > 0));
  const keepColumn = Array.from({ length: width }, (_, c) => keepColumns || placed.some((row) => filled(row[c]).length > 0));
  const kept = (keep: boolean[], from: number, count: number) => keep.slice(from, from + count).filter(Boolean).length;
  const rowIndex = keepRow.map((_, r) => kept(keepRow, 0, r));
  const columnIndex = keepColumn.map((_, c) => kept(keepColumn, 0, c));
  return {
    // Index loops, not filter: the rows are sparse (a slot a span covers is a hole), and filter skips holes.
    placed: placed
      .filter((_, r) => keepRow[r])
      .map((row) => Array.from({ length: width }, (_, c) => row[c]).filter((_, c) => keepColumn[c])),
    spans: spans.flatMap((span) => {
      if (filled(placed[span.row][span.column]).length === 0) return [];
      const rowSpan = kept(keepRow, span.row, span.rowSpan);
      const colSpan = kept(keepColumn, span.column, span.colSpan);
      return rowSpan > 1 || colSpan > 1 ? [{ row: rowIndex[span.row], column: columnIndex[span.column], rowSpan, colSpan }] : [];
    }),
  };
}

/** Other columns' left edges a title row's text may run across; a spanning header declares its span. */
const TITLE_COLUMNS = 2;

/**
 * Leading rows that are the sheet's title, not its data: one cell with text, declared
 * with no span, whose text lies beyond its own column or runs across the left edges of
 * at least TITLE_COLUMNS other columns, in a table of four columns or more. Spreadsheet exports (Excel) tag a report's title, date line and notes above
 * the column headers as rows of the table's grid, the text set centred across the
 * sheet; a spanning header declares its span, and a cell's own text stays in its column.
 * Those rows go back to the page, to be read as the paragraphs they are.
 */
function withoutTitleRows({ placed, spans }: Placement): Placement {
  const width = Math.max(0, ...placed.map((row) => row.length));
  if (width < 4) return { placed, spans };
  const lefts = Array.from({ length: width }, (_, c) => {
    const starts = placed.flatMap((row) => filled(row[c]).map((item) => item.x));
    return starts.length > 0 ? Math.min(...starts) : undefined;
  });
  const isTitle = (row: ReadonlyArray<Cell | undefined>) => {
    const withText = row.flatMap((cell, c) => (filled(cell).length > 0 ? [{ cell: cell as Cell, c }] : []));
    if (withText.length !== 1) return false;
    const [{ cell, c }] = withText;
    if ((cell.colSpan ?? 1) > 1 || (cell.rowSpan ?? 1) > 1) return false;
    const from = Math.min(...cell.items.map((item) => item.x));
    const to = Math.max(...cell.items.map((item) => item.x + item.width));
    const crossed = lefts.filter((left, k) => k !== c && left !== undefined && left > from && left < to).length;
    const next = lefts.slice(c + 1).find((left) => left !== undefined);
    // Set wholly beyond its own column (a title centred over the sheet, tagged in column one), or across several.
    return (next !== undefined && from >= next) || crossed >= TITLE_COLUMNS;
  };
  let titles = 0;
  // Two rows must stay for a table; the rest decide whether it is one.
  while (titles < placed.length - 2 && isTitle(placed[titles])) titles++;
  // Only above a header row (TH or bold in every cell with text) that names most columns: titles head a sheet's header.
  const header = placed[titles];
  const named = header.filter((cell) => filled(cell).length > 0);
  const isHeader =
    named.length * 2 > width &&
    named.every((cell) => (cell as Cell).header || filled(cell).every((item) => item.bold || item.text.trim() === ''));
  if (titles === 0 || !isHeader) return { placed, spans };
  return {
    placed: placed.slice(titles),
    spans: spans.flatMap((span) => (span.row >= titles ? [{ ...span, row: span.row - titles }] : [])),
  };
}

/** Per column, how far right the lines of its one-column cells reach: the width a cell's text is set in. */
function columnReaches(
  placed: ReadonlyArray<ReadonlyArray<Cell | undefined>>,
  lines: ReadonlyArray<ReadonlyArray<readonly TextLine[] | undefined>>,
  width: number,
): Array<number | undefined> {
  const reach: Array<number | undefined> = Array.from({ length: width }, () => undefined);
  placed.forEach((row, r) =>
    row.forEach((cell, c) => {
      if (!cell || (cell.colSpan ?? 1) > 1) return;
      for (const line of lines[r][c] ?? []) reach[c] = Math.max(reach[c] ?? -Infinity, line.right);
    }),
  );
  return reach;
}

/** Shorter than this, a word fits any column: a one-word line this short ("Feature" over "ID") was wrapped, not broken. */
const MIN_BROKEN_WORD = 8;
/** How the rest of a broken word starts: inside a word, never a capital. */
const WORD_REST = /^[\p{Ll}\p{Nd}._*)\]]/u;

/**
 * A cell's lines, each word the writer broke where the cell ran out of room joined
 * again: a word longer than its column is set over two lines with no hyphen
 * ("promoters.jaspa" / "r.bg"). Such a line is one long word reaching the column's
 * right edge (within a character), and the next line goes on inside the word.
 */
function withForcedBreaksJoined(lines: readonly TextLine[], reach: number | undefined): TextRun[][] {
  const out: TextRun[][] = [];
  let broken = false;
  for (const line of lines) {
    if (broken && WORD_REST.test(line.text.trim())) out[out.length - 1].push(...line.runs);
    else out.push([...line.runs]);
    const word = line.text.trim();
    const charWidth = (line.right - line.x) / Math.max(1, word.length);
    broken =
      reach !== undefined &&
      word.length >= MIN_BROKEN_WORD &&
      !/\s/.test(word) &&
      !/[-\u00ad]$/.test(word) &&
      line.right >= reach - charWidth;
  }
  return out;
}

/**
 * The page's tagged tables, built from its own positioned text: each cell takes the
 * items drawn in its MCIDs, laid out in lines as any cell's text is. A table needs two
 * rows and two columns with text on this page (a table's rows on another page are
 * that page's); the first rows whose cells are all TH are its header rows. Returns the
 * tables, placed by their text's box, and the items left for the rest of the page.
 */
export function taggedPageTables(
  items: readonly TextItem[],
  tagged: readonly TaggedTable[],
  page: { page: number; height: number },
): { tables: PageTable[]; rest: TextItem[] } {
  if (tagged.length === 0) return { tables: [], rest: [...items] };
  const byMcid = new Map<number, TextItem[]>();
  for (const item of items) {
    if (item.mcid === undefined) continue;
    const list = byMcid.get(item.mcid);
    if (list) list.push(item);
    else byMcid.set(item.mcid, [item]);
  }
  const used = new Set<TextItem>();
  const tables: PageTable[] = [];
  for (const table of tagged) {
    const cells: Cell[][] = table.rows.map((row) =>
      row.map((cell) => ({ ...cell, items: cell.mcids.flatMap((mcid) => byMcid.get(mcid) ?? []) })),
    );
    const { placed, spans } = withoutTitleRows(table.complete ? placeDeclared(cells, table.part !== undefined) : placeInferred(cells));
    const rows = placed.filter((row) => row.some((cell) => cell !== undefined && cell.items.length > 0));
    const width = Math.max(0, ...placed.map((row) => row.length));
    if (rows.length < 2 || width < 2) continue;
    const all = rows.flatMap((row) => row.flatMap(filled));
    if (all.some((item) => used.has(item))) continue;
    let headerRows = 0;
    while (headerRows < placed.length - 1 && placed[headerRows].every((cell) => !cell || cell.header || cell.items.length === 0))
      headerRows++;
    // Exporters that tag no TH (Excel) still set the header row in bold, the sign tableFromCells reads too.
    const boldHeader = headerRows === 0 && placed[0].every((cell) => filled(cell).every((item) => item.bold || item.text.trim() === ''));
    if (boldHeader) headerRows = 1;
    // Each cell's lines, once: they give the columns' reach and then the cell's text.
    const lines = placed.map((row, r) =>
      Array.from({ length: width }, (_, c) => {
        const cell = row[c];
        // Bold is what marks such a header: inside it, it would only repeat that.
        return cell && groupLines(r === 0 && boldHeader ? cell.items.map((item) => ({ ...item, bold: false })) : cell.items, page);
      }),
    );
    const reach = columnReaches(placed, lines, width);
    const grid = placed.map((row, r) =>
      Array.from({ length: width }, (_, c): TableCell => {
        const cellLines = lines[r][c];
        if (!cellLines) return [];
        return runsToInline(joinCell(withForcedBreaksJoined(cellLines, (row[c]?.colSpan ?? 1) === 1 ? reach[c] : undefined)));
      }),
    );
    for (const item of all) used.add(item);
    const top = Math.min(...all.map((item) => item.y - item.size));
    const bottom = Math.max(...all.map((item) => item.y + item.size * 0.25));
    const left = Math.min(...all.map((item) => item.x));
    const right = Math.max(...all.map((item) => item.x + item.width));
    tables.push({
      kind: 'table',
      page: page.page,
      pageHeight: page.height,
      left,
      right,
      top,
      bottom,
      ...(table.part ? { part: table.part } : {}),
      table: {
        type: 'table',
        ...(headerRows > 0 ? { header: grid[0] } : {}),
        rows: headerRows > 0 ? grid.slice(1) : grid,
        ...(headerRows > 1 ? { headerRows } : {}),
        ...(spans.length > 0 ? { spans } : {}),
      },
    });
  }
  return { tables, rest: items.filter((item) => !used.has(item)) };
}
