import type { Document, Element } from '@xmldom/xmldom';
import { W_NS } from './word-namespaces';

const MC_NS = 'http://schemas.openxmlformats.org/markup-compatibility/2006';

/**
 * Moves the content of text boxes and shapes (`w:txbxContent`, inside DrawingML
 * `wps:txbx` or VML `v:textbox`) out of the drawing to just after the paragraph that
 * anchors it, in document order. mammoth reads only the fallback of an
 * `mc:AlternateContent` and no DrawingML shape text at all, so a shape without a VML
 * fallback (Word 2013+, most generators) and every group of shapes lost its text; a
 * document laid out in shapes lost most of its words. A fallback that repeats the
 * text of its choice is dropped, so the text appears once. Returns whether anything moved.
 */
export function liftTextBoxes(document: Document): boolean {
  const boxes = Array.from(document.getElementsByTagNameNS(W_NS, 'txbxContent'));
  if (boxes.length === 0) return false;
  // Decided before anything moves: lifting empties the choice the fallback repeats.
  const repeated = new Set(boxes.filter(isRepeatedFallback));
  // Where the next box of an anchor goes: after the boxes already lifted from it.
  const lastLifted = new Map<Element, Element>();
  for (const box of boxes) {
    const anchor = ancestor(box, W_NS, 'p');
    if (!anchor || !box.parentNode) continue;
    if (!repeated.has(box)) {
      let after = lastLifted.get(anchor) ?? anchor;
      for (const content of Array.from(box.childNodes)) {
        if (content.nodeType !== 1) continue;
        anchor.parentNode?.insertBefore(content, after.nextSibling);
        after = content as Element;
      }
      lastLifted.set(anchor, after);
    }
    box.parentNode.removeChild(box);
  }
  return true;
}

/** A text box in an `mc:Fallback` whose `mc:Choice` has a text box of its own: the same text, drawn for old readers. */
function isRepeatedFallback(box: Element): boolean {
  const fallback = ancestor(box, MC_NS, 'Fallback');
  const alternate = fallback?.parentNode as Element | null | undefined;
  if (!fallback || !alternate) return false;
  for (let node = alternate.firstChild; node; node = node.nextSibling) {
    if (
      node.nodeType === 1 &&
      (node as Element).localName === 'Choice' &&
      (node as Element).getElementsByTagNameNS(W_NS, 'txbxContent').length > 0
    )
      return true;
  }
  return false;
}

function ancestor(element: Element, ns: string, localName: string): Element | undefined {
  for (let node = element.parentNode; node; node = node.parentNode) {
    if (node.nodeType === 1 && (node as Element).namespaceURI === ns && (node as Element).localName === localName) return node as Element;
  }
  return undefined;
}
