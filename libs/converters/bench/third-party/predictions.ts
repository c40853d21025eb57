import type { JsonBlock, JsonDocument } from '../../src/formats/json/document-json';
import type { TruthCell, TruthHeading } from './truth';

/** A table as a tool returned it, in the truth's shape so the same metrics read both. */
export interface PredictedTable {
  page: number;
  rows: TruthCell[][];
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
            rows: block.rows.map((row) => row.cells.map((cell) => (row.header ? { text: cell.text, header: true } : { text: cell.text }))),
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
