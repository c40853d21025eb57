import { type Pool, type Verdict, poolStats, verdict } from './score';

/** A number with fixed decimals, or 'n/a' when there is none. */
export function formatNumber(value: number | null, digits: number): string {
  return value === null ? 'n/a' : value.toFixed(digits);
}

export const CONDITION_COLUMNS = [
  'Condition',
  'Engine',
  'Pages',
  'Word F1',
  'Target',
  'Result',
  'Pages/s',
  'Pages/s/core',
  'Mean conf',
  'Notes',
];

/** One condition × engine row: an engine that is not available shows why in every cell. */
export function conditionCells(condition: string, engine: string, pool: Pool, target: number | undefined, unavailable?: string): string[] {
  const targetCell = target === undefined ? '-' : `>= ${target.toFixed(2)}`;
  if (unavailable) return [condition, engine, String(pool.pages), unavailable, targetCell, '-', '', '', '', ''];
  const stats = poolStats(pool);
  const result: Verdict = verdict(stats.f1, target);
  const notes = [...pool.failures].map(([failure, count]) => `${count}x ${failure}`).join(', ');
  return [
    condition,
    engine,
    String(pool.pages),
    stats.f1.toFixed(3),
    targetCell,
    result,
    formatNumber(stats.pagesPerSecond, 2),
    formatNumber(stats.pagesPerCoreSecond, 2),
    formatNumber(stats.meanConfidence, 1),
    notes,
  ];
}

/**
 * Columns padded to their widest cell; with `group`, a blank line between groups (rows
 * whose first cell differs from the previous row's), as the quality bench prints types.
 */
export function renderTextTable(header: readonly string[], rows: readonly (readonly string[])[], group = true): string {
  const table = [header, ...rows];
  const widths = header.map((_, column) => Math.max(...table.map((cells) => (cells[column] ?? '').length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, column) => (cell ?? '').padEnd(widths[column]))
      .join('  ')
      .trimEnd();
  const out = [line(header), widths.map((width) => '-'.repeat(width)).join('  ')];
  rows.forEach((cells, index) => {
    if (group && index > 0 && cells[0] !== rows[index - 1][0]) out.push('');
    out.push(line(cells));
  });
  return `${out.join('\n')}\n`;
}

export function renderMarkdownTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const line = (cells: readonly string[]) => `| ${cells.map((cell) => cell.replace(/\|/g, '\\|')).join(' | ')} |`;
  return `${[line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n')}\n`;
}
