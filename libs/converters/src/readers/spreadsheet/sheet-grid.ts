import type { CellObject, WorkSheet } from '@e965/xlsx';
import { trimGrid } from '../shared/grid-table';

/**
 * A worksheet's cells as displayed (`cell.w`: the number format applied, so 0.125
 * reads "12.5%" and a date reads as the sheet formats it), trimmed to the used
 * range. A merged range keeps its value in the top-left cell; SheetJS leaves the
 * covered cells empty.
 */
export function sheetGrid(sheet: WorkSheet): string[][] {
  const data = (sheet['!data'] ?? []) as (readonly (CellObject | undefined)[] | undefined)[];
  return trimGrid(Array.from(data, (row) => Array.from(row ?? [], displayed)));
}

function displayed(cell: CellObject | undefined): string {
  if (!cell) return '';
  if (cell.w !== undefined) return cell.w;
  if (cell.v instanceof Date) return cell.v.toISOString();
  return cell.v === undefined || cell.v === null ? '' : String(cell.v);
}
