import type { Element, Node } from '@xmldom/xmldom';

/** xmldom's node types, compared as numbers so the parser loads lazily. */
const ELEMENT = 1;
const TEXT = 3;
const CDATA = 4;
const PROCESSING_INSTRUCTION = 7;
const COMMENT = 8;

/**
 * Generic XML is shown as itself, re-indented: there is no general way to tell prose
 * from data in arbitrary XML, and an outline would drop attributes that often are the
 * data. Whitespace-only text is layout and is dropped; an element holding only text
 * stays on one line; mixed content keeps its text, one piece per line.
 */
export function prettyXml(root: Element): string {
  const lines: string[] = [];
  writeNode(root, 0, lines);
  return lines.join('\n');
}

function writeNode(node: Node, depth: number, lines: string[]): void {
  const indent = '  '.repeat(depth);
  switch (node.nodeType) {
    case ELEMENT: {
      const element = node as Element;
      const open = `<${element.tagName}${attributes(element)}`;
      const children = Array.from(element.childNodes).filter((child) => !isBlankText(child));
      if (children.length === 0) {
        lines.push(`${indent}${open}/>`);
      } else if (children.every(isText)) {
        lines.push(`${indent}${open}>${escapeText(children.map((child) => child.nodeValue ?? '').join('').trim())}</${element.tagName}>`);
      } else {
        lines.push(`${indent}${open}>`);
        for (const child of children) writeNode(child, depth + 1, lines);
        lines.push(`${indent}</${element.tagName}>`);
      }
      return;
    }
    case TEXT:
    case CDATA:
      lines.push(indent + escapeText((node.nodeValue ?? '').trim()));
      return;
    case COMMENT:
      lines.push(`${indent}<!--${node.nodeValue ?? ''}-->`);
      return;
    case PROCESSING_INSTRUCTION:
      lines.push(`${indent}<?${(node as Node & { target: string }).target} ${node.nodeValue ?? ''}?>`);
      return;
  }
}

function attributes(element: Element): string {
  return Array.from(element.attributes)
    .map((attribute) => ` ${attribute.name}="${escapeText(attribute.value).replace(/"/g, '&quot;')}"`)
    .join('');
}

function isText(node: Node): boolean {
  return node.nodeType === TEXT || node.nodeType === CDATA;
}

function isBlankText(node: Node): boolean {
  return isText(node) && (node.nodeValue ?? '').trim() === '';
}

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
