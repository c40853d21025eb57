import { imageToken } from '@docformat/contracts';
import type { Block, Image, Inline, List, Table, TableRow } from '../../document';
import { escapeHtml } from '../escape-html';
import { hasSpansOrHeaderRows, spannedTableHtml } from '../spanned-table-html';
import { inlineHtml as inlineHtmlWith } from '../inline-html';
import { isExternal, safeHref } from './safe-href';

/**
 * IR blocks → the body of a standalone HTML5 document. Every piece of text is
 * escaped and every element and attribute is written here, from the tree: nothing
 * of the source's markup reaches the output, so no script, event attribute, style or
 * unsafe link can (see safe-href.ts for links).
 */
export function blocksHtml(blocks: readonly Block[]): string {
  const parts: string[] = [];
  for (const block of blocks) parts.push(blockHtml(block));
  return parts.join('\n');
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
      // A class token may not hold spaces; anything else odd in a language name is dropped.
      const language = block.language?.replace(/[^\w+#.-]/g, '');
      const attribute = language ? ` class="language-${escapeHtml(language)}"` : '';
      return `<pre><code${attribute}>${escapeHtml(block.text)}</code></pre>`;
    }
    case 'quote':
      return `<blockquote>\n${blocksHtml(block.blocks)}\n</blockquote>`;
    case 'rule':
      return '<hr>';
    case 'image':
      return imageHtml(block);
  }
}

/** A list item whose only block is a paragraph holds its text directly, so lists stay tight. */
function listHtml(list: List): string {
  const tag = list.ordered ? 'ol' : 'ul';
  const start = list.ordered && list.start !== undefined && list.start !== 1 ? ` start="${list.start}"` : '';
  const items = list.items.map((item) => {
    const [first, ...rest] = item.blocks;
    const lead = first?.type === 'paragraph' ? inlineHtml(first.content) : first ? blockHtml(first) : '';
    const more = rest.map(blockHtml).join('');
    return `<li>${lead}${more}</li>`;
  });
  return `<${tag}${start}>\n${items.join('\n')}\n</${tag}>`;
}

/**
 * Header cells are <th scope="col"> in a <thead>; a table without a header row has
 * none (nothing is promoted, unlike GFM, which needs one). Merged cells and several
 * header rows are written as such (spanned-table-html.ts). Rows are built with plain
 * loops: spreadsheet tables reach a million cells.
 */
function tableHtml(table: Table): string {
  if (hasSpansOrHeaderRows(table)) return spannedTableHtml(table, inlineHtml);
  const lines: string[] = ['<table>'];
  if (table.header) lines.push(`<thead>\n${rowHtml(table.header, '<th scope="col">', '</th>')}\n</thead>`);
  if (table.rows.length > 0) {
    lines.push('<tbody>');
    for (const row of table.rows) lines.push(rowHtml(row, '<td>', '</td>'));
    lines.push('</tbody>');
  }
  lines.push('</table>');
  return lines.join('\n');
}

function rowHtml(row: TableRow, open: string, close: string): string {
  let html = '<tr>';
  for (const cell of row) html += open + inlineHtml(cell) + close;
  return `${html}</tr>`;
}

/**
 * A kept picture (`n`) is an <img> linking it, captioned by its description. Any other
 * is a placeholder holding its description where it stood, exposed as an image to
 * assistive technology; `data-src` names the picture inside the source document when known.
 */
function imageHtml(image: Image): string {
  const alt = image.alt.trim();
  if (image.n !== undefined) {
    const caption = alt ? `<figcaption>${escapeHtml(alt)}</figcaption>` : '';
    return `<figure class="image"><img src="${imageToken(image.n)}" alt="${escapeHtml(alt)}">${caption}</figure>`;
  }
  const src = image.src ? ` data-src="${escapeHtml(image.src)}"` : '';
  return `<figure class="image"${src} role="img" aria-label="${escapeHtml(alt || 'Image')}"><figcaption>${escapeHtml(alt ? `[Image: ${alt}]` : '[Image]')}</figcaption></figure>`;
}

/** Inline content as the html format writes it: escaped, unsafe links reduced to their text. */
export function inlineHtml(content: readonly Inline[]): string {
  return inlineHtmlWith(content, safeLink);
}

/** A link whose target is unsafe keeps its text, without the link. */
function safeLink(href: string, content: string): string {
  const safe = safeHref(href);
  if (safe === undefined) return content;
  const rel = isExternal(safe) ? ' rel="noopener noreferrer"' : '';
  return `<a href="${escapeHtml(safe)}"${rel}>${content}</a>`;
}
