import { METRICS, type Metric } from './manifest';
import { type Counts, scores } from './score';

/** One row of the comparison: an input type as handled by one tool. */
export interface Row {
  type: string;
  tool: string;
  /** Documents of the type. */
  docs: number;
  /** Documents the tool converted. */
  converted: number;
  /** Failure label → number of documents (a failed document scores as empty output). */
  failures: Map<string, number>;
  /** Pooled counts over all documents; undefined when nothing could be scored. */
  counts?: Counts;
  /** Shown in every metric cell instead of scores (not installed, no reader, …). */
  status?: string;
  /** Metrics that apply to at least one document of the type. */
  applicable: ReadonlySet<Metric>;
}

export const COLUMNS = ['Input type', 'Tool', 'Docs', 'Text F1', 'Heading recall', 'List-item recall', 'Table-cell recall', 'Notes'];

function formatScore(value: number | null): string {
  return value === null ? 'n/a' : value.toFixed(3);
}

/** The cells of a row, in COLUMNS order. */
export function rowCells(row: Row): string[] {
  let metricCells: string[];
  if (row.status) {
    metricCells = METRICS.map((metric) => (row.applicable.has(metric) ? row.status! : 'n/a'));
  } else if (row.converted === 0 && row.failures.size === 1) {
    const [failure] = row.failures.keys();
    metricCells = METRICS.map((metric) => (row.applicable.has(metric) ? failure : 'n/a'));
  } else {
    const values = scores(row.counts ?? {});
    metricCells = METRICS.map((metric) => formatScore(values[metric]));
  }
  const notes = [...row.failures].map(([failure, count]) => `${count}× ${failure}`).join(', ');
  const docs = row.status ? String(row.docs) : `${row.converted}/${row.docs}`;
  return [row.type, row.tool, docs, ...metricCells, notes];
}

export function renderTextTable(rows: readonly Row[]): string {
  const table = [COLUMNS, ...rows.map(rowCells)];
  const widths = COLUMNS.map((_, column) => Math.max(...table.map((cells) => cells[column].length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => cell.padEnd(widths[column]))
      .join('  ')
      .trimEnd();
  const out = [line(table[0]), widths.map((width) => '-'.repeat(width)).join('  ')];
  let previousType = rows[0]?.type;
  for (const row of rows) {
    if (row.type !== previousType) out.push('');
    previousType = row.type;
    out.push(line(rowCells(row)));
  }
  return `${out.join('\n')}\n`;
}

export function renderMarkdownTable(rows: readonly Row[]): string {
  const escape = (cell: string) => cell.replace(/\|/g, '\\|');
  const line = (cells: string[]) => `| ${cells.map(escape).join(' | ')} |`;
  const align = COLUMNS.map((_, column) => (column >= 2 && column <= 6 ? '---:' : '---'));
  return `${[line(COLUMNS), `|${align.join('|')}|`, ...rows.map((row) => line(rowCells(row)))].join('\n')}\n`;
}
