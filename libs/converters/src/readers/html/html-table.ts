import type { HTMLElement } from 'node-html-parser';
import { type Block, type Inline, type TableRow, type TableSpan, normalizeInline } from '../../document';
import { childElements } from './html-dom';
import { inlineOf } from './html-inline';

/** Spans beyond this are broken markup (colspan="1000"), not layout. */
const MAX_SPAN = 50;

/**
 * A data table. The header is the <thead> rows, or a first row made only of <th>.
 * Cells keep inline content only (line breaks become spaces: a GFM cell is one line).
 * colspan/rowspan are expanded into a rectangle: the content sits in the first
 * (top-left) cell of the span and the cells it covers stay empty, so every row has
 * the same number of cells and no text is repeated (repeating it would duplicate
 * words in the plain-text output and mislead anyone summing a column). The spans
 * themselves are kept beside the rectangle (Table.spans), for the renderers that
 * write them.
 */
export function tableBlock(table: HTMLElement, insideContent: boolean): Block[] {
  const caption = childElements(table, 'caption')[0];
  const head = childElements(table, 'thead').flatMap((group) => childElements(group, 'tr'));
  const body = [table, ...childElements(table, 'tbody', 'tfoot')].flatMap((group) => childElements(group, 'tr'));
  const rows = [...head, ...body];
  const { grid, spans } = expandSpans(rows, insideContent);
  const kept = rows.map((element, i) => ({ element, index: i, cells: grid[i] })).filter((row) => row.cells.some((cell) => cell.length > 0));
  if (kept.length === 0) return [];

  const first = kept[0];
  const headerIsFirst = head.includes(first.element) || childElements(first.element, 'td').length === 0;
  // Header rows: the first and those after it in <thead>; a lone first row of <th> is one.
  const headerCount = headerIsFirst ? Math.max(1, kept.filter((row) => head.includes(row.element)).length) : 0;
  const width = Math.max(...grid.map((cells) => cells.length));
  const pad = (cells: TableRow): TableRow => Array.from({ length: width }, (_, i) => cells[i] ?? []);
  const keptSpans = spansOfKept(
    spans,
    kept.map((row) => row.index),
  );

  const blocks: Block[] = [];
  const captionContent = caption ? normalizeInline(inlineOf(caption.childNodes, insideContent)) : [];
  if (captionContent.length > 0) blocks.push({ type: 'paragraph', content: captionContent });
  blocks.push({
    type: 'table',
    ...(headerIsFirst ? { header: pad(first.cells) } : {}),
    rows: (headerIsFirst ? kept.slice(1) : kept).map((row) => pad(row.cells)),
    ...(headerCount > 1 ? { headerRows: headerCount } : {}),
    ...(keptSpans.length > 0 ? { spans: keptSpans } : {}),
  });
  return blocks;
}

/**
 * The spans, with rows renumbered over the rows kept (empty rows are dropped) and
 * shortened by the dropped rows they covered; a span down to one cell is none.
 */
function spansOfKept(spans: readonly TableSpan[], keptRows: readonly number[]): TableSpan[] {
  const position = new Map(keptRows.map((row, index) => [row, index]));
  const out: TableSpan[] = [];
  for (const span of spans) {
    const row = position.get(span.row);
    if (row === undefined) continue;
    let rowSpan = 0;
    for (let r = span.row; r < span.row + span.rowSpan; r++) if (position.has(r)) rowSpan++;
    if (rowSpan > 1 || span.colSpan > 1) out.push({ row, column: span.column, rowSpan, colSpan: span.colSpan });
  }
  return out;
}

/** Places every cell at the next column its row has free, reserving the rows and columns it spans. */
function expandSpans(rows: readonly HTMLElement[], insideContent: boolean): { grid: TableRow[]; spans: TableSpan[] } {
  const grid: TableRow[] = rows.map(() => []);
  const taken: boolean[][] = rows.map(() => []);
  const spans: TableSpan[] = [];
  rows.forEach((row, r) => {
    let col = 0;
    for (const cell of childElements(row, 'td', 'th')) {
      while (taken[r][col]) col++;
      const colspan = span(cell.getAttribute('colspan'));
      // rowspan="0" means "to the end of the table section"; rows.length bounds it either way.
      const rowspan = Math.min(span(cell.getAttribute('rowspan'), rows.length), rows.length - r);
      if (rowspan > 1 || colspan > 1) spans.push({ row: r, column: col, rowSpan: rowspan, colSpan: colspan });
      for (let dr = 0; dr < rowspan; dr++) {
        for (let dc = 0; dc < colspan; dc++) {
          taken[r + dr][col + dc] = true;
          grid[r + dr][col + dc] = dr === 0 && dc === 0 ? cellContent(cell, insideContent) : [];
        }
      }
      col += colspan;
    }
  });
  // Sparse arrays (a row shorter than one spanning into it) become real empty cells.
  return { grid: grid.map((cells) => Array.from({ length: cells.length }, (_, i) => cells[i] ?? [])), spans };
}

function span(value: string | undefined, zeroMeans = 1): number {
  const number = Number.parseInt(value ?? '1', 10);
  if (number === 0) return zeroMeans;
  return Number.isFinite(number) && number > 0 ? Math.min(number, MAX_SPAN) : 1;
}

function cellContent(cell: HTMLElement, insideContent: boolean): Inline[] {
  const flat = inlineOf(cell.childNodes, insideContent).map((node): Inline => (node.type === 'break' ? { type: 'text', text: ' ' } : node));
  return normalizeInline(flat);
}
