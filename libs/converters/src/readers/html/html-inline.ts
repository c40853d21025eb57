import type { HTMLElement, Node } from 'node-html-parser';
import type { Inline } from '../../document';
import { collapseWhitespace, isDropped, isElement, isText, tagOf } from './html-dom';

const STRONG = new Set(['strong', 'b']);
const EMPHASIS = new Set(['em', 'i', 'cite', 'dfn', 'var']);
const CODE = new Set(['code', 'kbd', 'samp', 'tt']);
/** Block-level tags met inside inline content: keep their words apart. */
const SPACED = new Set(['p', 'div', 'li', 'td', 'th', 'tr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre', 'dt', 'dd']);

/** Inline content of the given nodes, whitespace collapsed as a browser would. */
export function inlineOf(nodes: readonly Node[], insideContent: boolean): Inline[] {
  return nodes.flatMap((node) => inlineNode(node, insideContent));
}

function inlineNode(node: Node, insideContent: boolean): Inline[] {
  if (isText(node)) return [{ type: 'text', text: collapseWhitespace(node.text) }];
  if (!isElement(node) || isDropped(node, insideContent)) return [];
  const tag = tagOf(node);
  const children = () => inlineOf(node.childNodes, insideContent);
  if (tag === 'br') return [{ type: 'break' }];
  if (STRONG.has(tag)) return [{ type: 'strong', content: children() }];
  if (EMPHASIS.has(tag)) return [{ type: 'emphasis', content: children() }];
  if (CODE.has(tag)) return [{ type: 'inlineCode', text: collapseWhitespace(node.text) }];
  if (tag === 'a') return link(node, children());
  if (SPACED.has(tag)) return [{ type: 'text', text: ' ' }, ...children(), { type: 'text', text: ' ' }];
  return children();
}

function link(anchor: HTMLElement, content: Inline[]): Inline[] {
  const href = anchor.getAttribute('href')?.trim();
  // Script links and bare anchors carry no destination a reader could follow.
  if (!href || /^javascript:/i.test(href)) return content;
  return [{ type: 'link', href, content }];
}
