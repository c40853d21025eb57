import type { Inline, Table, TableCell } from '../../document';

/**
 * Tabular sources (spreadsheets, CSV) → one IR table. Shared by the spreadsheet
 * and CSV readers so both trim, pad and split lines the same way.
 */

/**
 * Pads ragged rows to the widest row and drops rows and columns that are empty at
 * any edge (formatted-but-empty cells and trailing delimiters widen a grid past its
 * data). Inner empty rows and columns stay: they are part of the layout.
 */
export function trimGrid(rows: readonly (readonly string[])[]): string[][] {
  const filled = (text: string | undefined) => text !== undefined && text.trim() !== '';
  let top = -1;
  let bottom = -1;
  let left = Infinity;
  let right = -1;
  rows.forEach((row, r) => {
    row.forEach((text, c) => {
      if (!filled(text)) return;
      if (top < 0) top = r;
      bottom = r;
      left = Math.min(left, c);
      right = Math.max(right, c);
    });
  });
  if (top < 0) return [];
  return rows.slice(top, bottom + 1).map((row) => Array.from({ length: right - left + 1 }, (_, i) => row[left + i] ?? ''));
}

/** First row as the header: tabular files rarely say whether they have one, most do. */
export function gridTable(grid: readonly (readonly string[])[]): Table | undefined {
  const [header, ...rows] = grid.map((row) => row.map(cellInline));
  return header ? { type: 'table', header, rows } : undefined;
}

/** Line breaks inside a cell stay breaks; the renderers decide how to show them. */
function cellInline(text: string): TableCell {
  return text
    .trim()
    .split(/\r\n?|\n/)
    .flatMap((line, index): Inline[] => (index === 0 ? [{ type: 'text', text: line }] : [{ type: 'break' }, { type: 'text', text: line }]))
    .filter((node) => node.type !== 'text' || node.text !== '');
}
