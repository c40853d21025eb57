import { imageToken } from '@docformat/contracts';
import { type Block, type List, type Table, type TableCell, type TableRow, inlineText } from '../../document';

/**
 * IR → readable plain text. No markup, except what a reader needs to follow the
 * structure: list items keep a "- " or "1. " marker (nested items indented), table
 * rows are one line each with cells separated by tabs, quotes are indented.
 * Blocks are separated by one blank line.
 */
export function renderText(blocks: readonly Block[]): string {
  const text = blocks
    .map(renderBlock)
    .filter((chunk) => chunk !== '')
    .join('\n\n');
  return text === '' ? '' : `${text}\n`;
}

function renderBlock(block: Block): string {
  switch (block.type) {
    case 'heading':
    case 'paragraph':
      return inlineText(block.content).trim();
    case 'list':
      return renderList(block);
    case 'table':
      return renderTable(block);
    case 'code':
      return block.text;
    case 'quote':
      return indent(renderText(block.blocks).trimEnd(), '    ');
    case 'rule':
      return '';
    case 'image':
      return block.n === undefined ? block.alt.trim() : `${block.alt.trim()} <${imageToken(block.n)}>`.trimStart();
  }
}

function renderList(list: List): string {
  return list.items
    .map((item, index) => {
      const marker = list.ordered ? `${(list.start ?? 1) + index}. ` : '- ';
      const body = item.blocks
        .map(renderBlock)
        .filter((chunk) => chunk !== '')
        .join('\n');
      return marker + indent(body, ' '.repeat(marker.length)).slice(marker.length);
    })
    .join('\n');
}

/**
 * One line per row, built with plain loops and joined once: CSV and spreadsheet
 * tables reach a million cells, where a spread, a closure or a temporary string per
 * cell costs seconds and tens of megabytes.
 */
function renderTable(table: Table): string {
  const lines: string[] = [];
  if (table.header) lines.push(rowText(table.header));
  for (const row of table.rows) lines.push(rowText(row));
  return lines.join('\n');
}

function rowText(row: TableRow): string {
  const cells = new Array<string>(row.length);
  for (let c = 0; c < row.length; c++) cells[c] = cellText(row[c]);
  return cells.join('\t');
}

function cellText(cell: TableCell): string {
  if (cell.length === 0) return '';
  // One text node with nothing to fold (the common case): the text itself, no regular expression.
  const only = cell.length === 1 && cell[0].type === 'text' ? cell[0].text : undefined;
  if (only !== undefined && !/^\s|\s$|\s\s|[^\S ]/.test(only)) return only;
  return inlineText(cell).replace(/\s+/g, ' ').trim();
}

/**
 * Every non-empty line of `text` with `prefix` before it. A nested list is indented
 * again at each level, so this runs over the same lines once per level: one native
 * replace rather than an array of lines per call.
 */
function indent(text: string, prefix: string): string {
  const first = text === '' || text.startsWith('\n') ? '' : prefix;
  return first + text.replace(/\n(?!\n|$)/g, `\n${prefix}`);
}
