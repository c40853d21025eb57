import { imageToken } from '@docformat/contracts';
import type { Block, Inline, List, Table, TableRow } from '../../document';
import { escapeHtml as escape } from '../escape-html';
import { inlineHtml as inlineHtmlWith, type LinkHtml } from '../inline-html';

/**
 * IR → semantic HTML, the input turndown understands. The HTML is regular by
 * construction (a list item with one paragraph holds its text directly, so lists
 * stay tight; every table has a <thead>), which keeps the markdown predictable.
 */
export function renderHtml(blocks: readonly Block[]): string {
  return blocks.map(blockHtml).join('\n');
}

function blockHtml(block: Block): string {
  switch (block.type) {
    case 'heading':
      return `<h${block.level}>${inlineHtml(block.content)}</h${block.level}>`;
    case 'paragraph':
      return `<p>${inlineHtml(block.content)}</p>`;
    case 'list':
      return listHtml(block);
    case 'table':
      return tableHtml(block);
    case 'code': {
      const language = block.language ? ` class="language-${escape(block.language)}"` : '';
      return `<pre><code${language}>${escape(block.text)}</code></pre>`;
    }
    case 'quote':
      return `<blockquote>${renderHtml(block.blocks)}</blockquote>`;
    case 'rule':
      return '<hr>';
    case 'image':
      // turndown writes <img> as ![alt](src) but drops one without src: that keeps its description as text.
      if (block.n !== undefined) return `<p><img alt="${escape(block.alt)}" src="${imageToken(block.n)}"></p>`;
      if (!block.src) return `<p>${escape(block.alt)}</p>`;
      return `<p><img alt="${escape(block.alt)}" src="${escape(block.src.replace(/[ ()]/g, encodeURIComponent))}"></p>`;
  }
}

function listHtml(list: List): string {
  const tag = list.ordered ? 'ol' : 'ul';
  const start = list.ordered && list.start !== undefined ? ` start="${list.start}"` : '';
  const items = list.items.map((item) => {
    const [first, ...rest] = item.blocks;
    const lead = first?.type === 'paragraph' ? inlineHtml(first.content) : first ? blockHtml(first) : '';
    return `<li>${lead}${rest.map(blockHtml).join('')}</li>`;
  });
  return `<${tag}${start}>${items.join('')}</${tag}>`;
}

/** GFM needs a header row; a table without one promotes its first row. */
function tableHtml(table: Table): string {
  const [header, ...rows] = table.header ? [table.header, ...table.rows] : table.rows;
  if (!header) return '';
  const row = (cells: TableRow, tag: 'th' | 'td') => `<tr>${cells.map((cell) => `<${tag}>${inlineHtml(cell)}</${tag}>`).join('')}</tr>`;
  return `<table><thead>${row(header, 'th')}</thead><tbody>${rows.map((cells) => row(cells, 'td')).join('')}</tbody></table>`;
}

/** Links as written in the source: turndown writes them back as markdown links. */
const sourceLink: LinkHtml = (href, content) => `<a href="${escape(href)}">${content}</a>`;

function inlineHtml(content: readonly Inline[]): string {
  return inlineHtmlWith(content, sourceLink);
}
