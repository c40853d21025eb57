import { type Block, type List, type Table, inlineText } from '../../document';

/**
 * IR → readable plain text. No markup, except what a reader needs to follow the
 * structure: list items keep a "- " or "1. " marker (nested items indented), table
 * rows are one line each with cells separated by tabs, quotes are indented.
 * Blocks are separated by one blank line.
 */
export function renderText(blocks: readonly Block[]): string {
  const text = blocks.map(renderBlock).filter((chunk) => chunk !== '').join('\n\n');
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
  }
}

function renderList(list: List): string {
  return list.items
    .map((item, index) => {
      const marker = list.ordered ? `${(list.start ?? 1) + index}. ` : '- ';
      const body = item.blocks.map(renderBlock).filter((chunk) => chunk !== '').join('\n');
      return marker + indent(body, ' '.repeat(marker.length)).slice(marker.length);
    })
    .join('\n');
}

function renderTable(table: Table): string {
  const rows = table.header ? [table.header, ...table.rows] : table.rows;
  return rows.map((row) => row.map((cell) => inlineText(cell).replace(/\s+/g, ' ').trim()).join('\t')).join('\n');
}

function indent(text: string, prefix: string): string {
  return text.split('\n').map((line) => (line === '' ? line : prefix + line)).join('\n');
}
