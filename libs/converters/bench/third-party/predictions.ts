import type { JsonBlock, JsonDocument, JsonTableRow } from '../../src/formats/json/document-json';
import type { TruthCell, TruthHeading } from './truth';

/** A table as a tool returned it, in the truth's shape so the same metrics read both. */
export interface PredictedTable {
  page: number;
  rows: TruthCell[][];
  /** Each row's page, for a table that runs over pages (the json tree gives them then). */
  rowPages?: number[];
}

/** What the scores read from docformat's json tree. */
export interface Prediction {
  tables: PredictedTable[];
  headings: TruthHeading[];
  /** The text of every block but tables, in the tree's order: reading order with tables stripped (NID-S). */
  textWithoutTables: string;
}

/** Walks the json tree in order; list items and quotes are walked into, so their tables and headings count too. */
export function predictionOf(document: JsonDocument): Prediction {
  const prediction: Prediction = { tables: [], headings: [], textWithoutTables: '' };
  const lines: string[] = [];
  const walk = (blocks: readonly JsonBlock[]) => {
    for (const block of blocks) {
      switch (block.type) {
        case 'table':
          prediction.tables.push({
            page: block.page,
            rows: spannedRows(block.rows),
            ...(block.rows.some((row) => row.page !== undefined) ? { rowPages: block.rows.map((row) => row.page ?? block.page) } : {}),
          });
          break;
        case 'heading':
          prediction.headings.push({ level: block.level, text: block.text, page: block.page });
          lines.push(block.text);
          break;
        case 'paragraph':
        case 'code':
          lines.push(block.text);
          break;
        case 'list':
          for (const item of block.items) walk(item.blocks);
          break;
        case 'quote':
          walk(block.blocks);
          break;
        default:
          break;
      }
    }
  };
  walk(document.blocks);
  prediction.textWithoutTables = lines.join('\n');
  return prediction;
}

/**
 * The json tree's rows as the truth lists them, HTML's way: the tree keeps every slot of
 * its grid and marks a spanning cell's spans on it, so the slots it covers are dropped
 * here and its spans kept (without this a spanning cell scored as one narrow cell).
 */
function spannedRows(rows: readonly JsonTableRow[]): TruthCell[][] {
  const covered = new Set<string>();
  return rows.map((row, r) => {
    const cells: TruthCell[] = [];
    row.cells.forEach((cell, c) => {
      if (covered.has(`${r} ${c}`)) return;
      const out: TruthCell = { text: cell.text };
      if (row.header) out.header = true;
      const rowSpan = cell.rowSpan ?? 1;
      const colSpan = cell.colSpan ?? 1;
      if (rowSpan > 1) out.rowSpan = rowSpan;
      if (colSpan > 1) out.colSpan = colSpan;
      for (let dr = 0; dr < rowSpan; dr++) for (let dc = 0; dc < colSpan; dc++) if (dr || dc) covered.add(`${r + dr} ${c + dc}`);
      cells.push(out);
    });
    return cells;
  });
}
