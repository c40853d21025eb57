import type { Inline } from '../document';
import { escapeHtml } from './escape-html';

/** How a link is written: its target as in the tree, its content already HTML. */
export type LinkHtml = (href: string, content: string) => string;

/**
 * Inline nodes → HTML, every text escaped. The HTML format and the markdown format's
 * way through turndown differ only in links (the HTML format drops unsafe targets),
 * so the caller says how to write them.
 */
export function inlineHtml(content: readonly Inline[], link: LinkHtml): string {
  let html = '';
  for (const node of content) html += inlineNodeHtml(node, link);
  return html;
}

function inlineNodeHtml(node: Inline, link: LinkHtml): string {
  switch (node.type) {
    case 'text':
      return escapeHtml(node.text);
    case 'strong':
      return `<strong>${inlineHtml(node.content, link)}</strong>`;
    case 'emphasis':
      return `<em>${inlineHtml(node.content, link)}</em>`;
    case 'inlineCode':
      return `<code>${escapeHtml(node.text)}</code>`;
    case 'link':
      return link(node.href, inlineHtml(node.content, link));
    case 'break':
      return '<br>';
  }
}
