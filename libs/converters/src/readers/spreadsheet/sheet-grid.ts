import type { CellObject, WorkSheet } from '@e965/xlsx';
import { trimGrid } from '../blocks/grid-table';

type DenseRow = (CellObject | undefined)[] | undefined;

/**
 * A worksheet's cells as displayed (`cell.w`: the number format applied, so 0.125
 * reads "12.5%" and a date reads as the sheet formats it), trimmed to the used
 * range. A merged range keeps its value in the top-left cell; SheetJS leaves the
 * covered cells empty.
 *
 * Consumes the sheet: each SheetJS row is dropped once its texts are taken, so a
 * million cell objects (about 100 MB) are garbage while the table is built from
 * their strings, rather than held until the whole workbook goes.
 */
export function sheetGrid(sheet: WorkSheet): string[][] {
  const data = (sheet['!data'] ?? []) as DenseRow[];
  const texts: string[][] = new Array<string[]>(data.length);
  for (let r = 0; r < data.length; r++) {
    const row = data[r];
    const out = new Array<string>(row?.length ?? 0);
    for (let c = 0; c < out.length; c++) out[c] = displayed(row?.[c]);
    texts[r] = out;
    data[r] = undefined;
  }
  return trimGrid(texts);
}

function displayed(cell: CellObject | undefined): string {
  if (!cell) return '';
  if (cell.w !== undefined) return cell.w;
  if (cell.v instanceof Date) return cell.v.toISOString();
  return cell.v === undefined || cell.v === null ? '' : String(cell.v);
}
