import type { Element, Node } from '@xmldom/xmldom';
import type { Inline } from '../../document';
import { isXmlElement, isXmlText, xmlChildren } from '../office/office-xml';
import { DRAW_NS, OFFICE_NS, SVG_NS, TEXT_NS, XLINK_NS } from './odt-namespaces';
import type { OdtStyles, TextFormat } from './odt-styles';

/** What inline reading needs beyond the node: styles, and where notes are collected. */
export interface InlineContext {
  styles: OdtStyles;
  /** Bodies of footnotes and endnotes, in the order they are cited. */
  notes: Element[];
}

/** Text-level elements whose content is generated or not part of the text. */
const SKIPPED = new Set([
  'bookmark',
  'bookmark-start',
  'bookmark-end',
  'reference-mark',
  'reference-mark-start',
  'reference-mark-end',
  'soft-page-break',
  'change',
  'change-start',
  'change-end',
  'number',
  'toc-mark',
  'alphabetical-index-mark',
  'sequence-ref',
]);

/** Inline content of a paragraph or heading: spans keep bold/italic, notes become `[n]`. */
export function odtInline(element: Element, context: InlineContext, outer: TextFormat = { bold: false, italic: false }): Inline[] {
  const out: Inline[] = [];
  for (let node: Node | null = element.firstChild; node; node = node.nextSibling) out.push(...inlineNode(node, context, outer));
  return out;
}

function inlineNode(node: Node, context: InlineContext, outer: TextFormat): Inline[] {
  // ODF collapses white space like XML text: runs of it are one space (text:s adds more).
  if (isXmlText(node)) return [{ type: 'text', text: (node.nodeValue ?? '').replace(/\s+/g, ' ') }];
  if (!isXmlElement(node)) return [];
  const name = node.localName ?? '';
  if (node.namespaceURI === OFFICE_NS) return []; // office:annotation: comments are left out
  if (node.namespaceURI === DRAW_NS) return drawing(node, context, outer);
  if (node.namespaceURI !== TEXT_NS) return odtInline(node, context, outer);
  if (SKIPPED.has(name)) return [];
  switch (name) {
    case 's':
    case 'tab':
      return [{ type: 'text', text: ' ' }];
    case 'line-break':
      return [{ type: 'break' }];
    case 'span':
      return span(node, context, outer);
    case 'a':
      return link(node, odtInline(node, context, outer));
    case 'note':
      return note(node, context);
    default:
      return odtInline(node, context, outer);
  }
}

/** Wraps the span's content once per format it turns on (not again inside bold text). */
function span(node: Element, context: InlineContext, outer: TextFormat): Inline[] {
  const own = context.styles.textFormat(node.getAttributeNS(TEXT_NS, 'style-name'));
  const format = { bold: outer.bold || own.bold, italic: outer.italic || own.italic };
  let content = odtInline(node, context, format);
  if (format.italic && !outer.italic) content = [{ type: 'emphasis', content }];
  if (format.bold && !outer.bold) content = [{ type: 'strong', content }];
  return content;
}

function link(node: Element, content: Inline[]): Inline[] {
  const href = node.getAttributeNS(XLINK_NS, 'href')?.trim();
  // "#bookmark" targets exist only inside the document.
  if (!href || href.startsWith('#')) return content;
  return [{ type: 'link', href, content }];
}

function note(node: Element, context: InlineContext): Inline[] {
  const body = xmlChildren(node).find((child) => child.localName === 'note-body');
  if (!body) return [];
  context.notes.push(body);
  return [{ type: 'text', text: `[${context.notes.length}]` }];
}

/** Images become `[Image: title]`; text boxes (captions, call-outs) keep their text. */
function drawing(node: Element, context: InlineContext, outer: TextFormat): Inline[] {
  const name = node.localName ?? '';
  if (name === 'frame') {
    const children = xmlChildren(node);
    const box = children.find((child) => child.namespaceURI === DRAW_NS && child.localName === 'text-box');
    if (box) return xmlChildren(box).flatMap((paragraph) => [{ type: 'text', text: ' ' }, ...odtInline(paragraph, context, outer)]);
    if (!children.some((child) => child.namespaceURI === DRAW_NS && child.localName === 'image')) return [];
    const alt = children
      .filter((child) => child.namespaceURI === SVG_NS && (child.localName === 'title' || child.localName === 'desc'))
      .map((child) => (child.textContent ?? '').replace(/\s+/g, ' ').trim())
      .find((text) => text !== '');
    return [{ type: 'text', text: alt ? `[Image: ${alt}]` : '[Image]' }];
  }
  return name === 'a' ? odtInline(node, context, outer) : [];
}
