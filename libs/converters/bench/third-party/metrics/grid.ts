import { type MetricCell, type MetricTable, spanOf } from './table';

/** Most columns a colspan may cover, as HTML caps it; guards against a runaway value in an output. */
const MAX_COLSPAN = 1000;

/**
 * The table laid out on its grid of slots, as an HTML table is: each cell takes the
 * first free slot of its row, then every slot its spans cover. `grid[row][column]` is
 * the index of the cell in `cells` (row-major reading order), or -1 for a slot no cell
 * fills (a short row). A rowspan is cut at the last row, as HTML cuts it; a slot two
 * malformed spans both claim keeps the first.
 */
export interface TableGrid {
  cells: MetricCell[];
  grid: number[][];
  columns: number;
}

export function layoutGrid(table: MetricTable): TableGrid {
  const rows = table.rows.length;
  const grid: number[][] = Array.from({ length: rows }, () => []);
  const cells: MetricCell[] = [];
  table.rows.forEach((row, r) => {
    let column = 0;
    for (const cell of row) {
      while (grid[r][column] !== undefined) column++;
      const index = cells.push(cell) - 1;
      const lastRow = Math.min(rows, r + spanOf(cell.rowSpan));
      const width = Math.min(MAX_COLSPAN, spanOf(cell.colSpan));
      for (let rr = r; rr < lastRow; rr++) {
        for (let cc = column; cc < column + width; cc++) if (grid[rr][cc] === undefined) grid[rr][cc] = index;
      }
      column += width;
    }
  });
  const columns = Math.max(0, ...grid.map((row) => row.length));
  for (const row of grid) for (let c = 0; c < columns; c++) row[c] ??= -1;
  return { cells, grid, columns };
}
