import type { Table, TableCell } from '../document';

/** True when a table needs more than one header row or a merged cell: what a pipe table cannot say. */
export function hasSpansOrHeaderRows(table: Table): boolean {
  return (table.spans?.length ?? 0) > 0 || (table.header !== undefined && (table.headerRows ?? 1) > 1);
}

/**
 * A table as HTML with its spans: the header rows (`header`, then `headerRows - 1` of
 * `rows`) in a <thead> as <th scope="col">, the rest in a <tbody>; a merged cell
 * written once with rowspan/colspan, and the cells it covers left out, as HTML wants.
 * `cellHtml` writes a cell's inline content (each format escapes and links its own way).
 */
export function spannedTableHtml(table: Table, cellHtml: (cell: TableCell) => string): string {
  const all = table.header ? [table.header, ...table.rows] : table.rows;
  const headerRows = table.header ? Math.min(table.headerRows ?? 1, all.length) : 0;
  const covered = new Set<string>();
  const anchors = new Map<string, string>();
  for (const span of table.spans ?? []) {
    const rowSpan = Math.max(1, Math.min(span.rowSpan, all.length - span.row));
    const colSpan = Math.max(1, span.colSpan);
    if (rowSpan === 1 && colSpan === 1) continue;
    anchors.set(`${span.row}:${span.column}`, `${rowSpan > 1 ? ` rowspan="${rowSpan}"` : ''}${colSpan > 1 ? ` colspan="${colSpan}"` : ''}`);
    for (let r = span.row; r < span.row + rowSpan; r++)
      for (let c = span.column; c < span.column + colSpan; c++) if (r !== span.row || c !== span.column) covered.add(`${r}:${c}`);
  }
  const rowHtml = (r: number, tag: 'th' | 'td') => {
    let html = '<tr>';
    all[r].forEach((cell, c) => {
      if (covered.has(`${r}:${c}`)) return;
      const open = tag === 'th' ? `<th scope="col"${anchors.get(`${r}:${c}`) ?? ''}>` : `<td${anchors.get(`${r}:${c}`) ?? ''}>`;
      html += `${open}${cellHtml(cell)}</${tag}>`;
    });
    return `${html}</tr>`;
  };
  const lines = ['<table>'];
  if (headerRows > 0) {
    lines.push('<thead>');
    for (let r = 0; r < headerRows; r++) lines.push(rowHtml(r, 'th'));
    lines.push('</thead>');
  }
  if (all.length > headerRows) {
    lines.push('<tbody>');
    for (let r = headerRows; r < all.length; r++) lines.push(rowHtml(r, 'td'));
    lines.push('</tbody>');
  }
  lines.push('</table>');
  return lines.join('\n');
}
