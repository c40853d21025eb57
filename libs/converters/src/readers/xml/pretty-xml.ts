import type { Element, Node } from '@xmldom/xmldom';
import { BoundedText } from '../blocks/bounded-text';

/** xmldom's node types, compared as numbers so the parser loads lazily. */
const ELEMENT = 1;
const TEXT = 3;
const CDATA = 4;
const PROCESSING_INSTRUCTION = 7;
const COMMENT = 8;

/** Indentation stops growing here: deeper nesting is a broken generator, not structure to show. */
export const MAX_INDENT_DEPTH = 64;

/**
 * Generic XML is shown as itself, re-indented: there is no general way to tell prose
 * from data in arbitrary XML, and an outline would drop attributes that often are the
 * data. Whitespace-only text is layout and is dropped; an element holding only text
 * stays on one line; mixed content keeps its text, one piece per line.
 *
 * Walks with an explicit stack (xmldom parses 100,000-deep documents; a recursive
 * printer would overflow on them) and builds no more than `maxChars` (see BoundedText).
 */
export function prettyXml(root: Element, maxChars = Number.POSITIVE_INFINITY): BoundedText {
  const out = new BoundedText(maxChars);
  let first = true;
  const line = (depth: number, text: string) => {
    out.append((first ? '' : '\n') + '  '.repeat(Math.min(depth, MAX_INDENT_DEPTH)) + text);
    first = false;
  };
  // Each entry is a node to write, or the closing tag of an element whose children come first.
  const stack: Array<{ node: Node; depth: number } | { close: string; depth: number }> = [{ node: root, depth: 0 }];
  while (stack.length > 0) {
    const entry = stack.pop()!;
    if ('close' in entry) {
      line(entry.depth, entry.close);
      continue;
    }
    const { node, depth } = entry;
    switch (node.nodeType) {
      case ELEMENT: {
        const element = node as Element;
        const open = `<${element.tagName}${attributes(element)}`;
        const children = Array.from(element.childNodes).filter((child) => !isBlankText(child));
        if (children.length === 0) {
          line(depth, `${open}/>`);
        } else if (children.every(isText)) {
          line(
            depth,
            `${open}>${escapeText(
              children
                .map((child) => child.nodeValue ?? '')
                .join('')
                .trim(),
            )}</${element.tagName}>`,
          );
        } else {
          line(depth, `${open}>`);
          stack.push({ close: `</${element.tagName}>`, depth });
          for (let i = children.length - 1; i >= 0; i--) stack.push({ node: children[i], depth: depth + 1 });
        }
        break;
      }
      case TEXT:
      case CDATA:
        line(depth, escapeText((node.nodeValue ?? '').trim()));
        break;
      case COMMENT:
        line(depth, `<!--${node.nodeValue ?? ''}-->`);
        break;
      case PROCESSING_INSTRUCTION:
        line(depth, `<?${(node as Node & { target: string }).target} ${node.nodeValue ?? ''}?>`);
        break;
    }
  }
  return out;
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
