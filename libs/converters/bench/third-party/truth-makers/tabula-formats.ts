import type { TruthCell } from '../truth';

/**
 * tabula-java's expected outputs. CSV: RFC 4180 as its CSVWriter writes it (a cell's
 * line breaks inside quotes, CR or LF). JSON: its JSONWriter's tables, where a lattice
 * ("spreadsheet") table is a full grid and a position covered by a spanning cell holds
 * a placeholder with an all-zero rectangle.
 */

export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  let i = 0;
  const endCell = () => {
    row.push(cell);
    cell = '';
  };
  const endRow = () => {
    endCell();
    rows.push(row);
    row = [];
  };
  while (i < text.length) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 2;
        continue;
      }
      if (char === '"') quoted = false;
      else cell += char;
      i++;
      continue;
    }
    if (char === '"' && cell === '') quoted = true;
    else if (char === ',') endCell();
    else if (char === '\r' || char === '\n') {
      endRow();
      if (char === '\r' && text[i + 1] === '\n') i++;
    } else cell += char;
    i++;
  }
  if (quoted) throw new Error('CSV ends inside a quoted cell');
  // The writer ends the last row with a line break or not; an empty last line is no row.
  if (cell !== '' || row.length > 0) endRow();
  return rows;
}

export interface TabulaJsonCell {
  top: number;
  left: number;
  width: number;
  height: number;
  text: string;
}

export interface TabulaJsonTable {
  extraction_method: string;
  page_number: number;
  data: TabulaJsonCell[][];
}

/** The JSON writer writes one table as an object, several as an array. */
export function parseTabulaJson(text: string): TabulaJsonTable[] {
  const parsed = JSON.parse(text) as TabulaJsonTable | TabulaJsonTable[];
  return Array.isArray(parsed) ? parsed : [parsed];
}

const isPlaceholder = (cell: TabulaJsonCell) => cell.top === 0 && cell.left === 0 && cell.width === 0 && cell.height === 0;

/** Points; tabula's edges of one grid line differ in the last decimals. */
const TOLERANCE = 1;

/**
 * Rows in HTML order with spans, placed by geometry: the JSON's rows are not always
 * positional (a row may list its real cells first and pad with placeholders after). The
 * grid lines are the distinct left and top edges of the real cells; a cell spans the
 * lines inside it, and a grid position no cell covers becomes an empty cell.
 */
export function tabulaJsonRows(table: TabulaJsonTable): TruthCell[][] {
  const cells = table.data.flat().filter((cell) => !isPlaceholder(cell));
  const lefts = gridLines(cells.map((cell) => cell.left));
  const tops = gridLines(cells.map((cell) => cell.top));
  const indexOf = (lines: number[], value: number) => lines.findIndex((line) => Math.abs(line - value) <= TOLERANCE);
  const linesInside = (lines: number[], from: number, to: number) =>
    lines.filter((line) => line >= from - TOLERANCE && line < to - TOLERANCE).length;

  const placed = new Map<string, TruthCell>();
  const covered = new Set<string>();
  for (const cell of cells) {
    const row = indexOf(tops, cell.top);
    const column = indexOf(lefts, cell.left);
    const rowSpan = Math.max(1, linesInside(tops, cell.top, cell.top + cell.height));
    const colSpan = Math.max(1, linesInside(lefts, cell.left, cell.left + cell.width));
    const key = `${row},${column}`;
    if (placed.has(key) || covered.has(key)) throw new Error(`two tabula cells at grid position ${key}`);
    placed.set(key, { text: cell.text, ...(rowSpan > 1 ? { rowSpan } : {}), ...(colSpan > 1 ? { colSpan } : {}) });
    for (let dr = 0; dr < rowSpan; dr++) for (let dc = 0; dc < colSpan; dc++) if (dr || dc) covered.add(`${row + dr},${column + dc}`);
  }
  return tops.map((_, row) =>
    lefts.flatMap((__, column) => {
      const key = `${row},${column}`;
      if (covered.has(key)) return [];
      return [placed.get(key) ?? { text: '' }];
    }),
  );
}

/** Sorted distinct positions, values within the tolerance of the previous one merged into it. */
function gridLines(values: number[]): number[] {
  const lines: number[] = [];
  for (const value of [...values].sort((a, b) => a - b)) {
    if (lines.length === 0 || value - lines[lines.length - 1] > TOLERANCE) lines.push(value);
  }
  return lines;
}
