import { DOMParser, onErrorStopParsing, type Document as XmlDocument, type Element as XmlElement } from '@xmldom/xmldom';

export type { XmlDocument, XmlElement };

/**
 * xmldom, strict: any well-formedness error throws (a ParseError, which the reader
 * turns into CORRUPT_DOCUMENT). xmldom resolves no external entities and expands no
 * DTD-declared ones, so XXE and "billion laughs" payloads fail instead of expanding.
 */
export function parseXml(bytes: Uint8Array): XmlDocument {
  const text = new TextDecoder('utf-8').decode(bytes);
  const document = new DOMParser({ onError: onErrorStopParsing }).parseFromString(text, 'text/xml');
  if (!document.documentElement) throw new Error('XML without a root element');
  return document;
}

/**
 * Element children by local name: OOXML producers disagree on prefixes (p:, a:,
 * or a default namespace), the local names are what the standard fixes.
 */
export function children(parent: XmlElement | null | undefined, localName?: string): XmlElement[] {
  const out: XmlElement[] = [];
  if (!parent) return out;
  for (let node = parent.firstChild; node; node = node.nextSibling) {
    if (node.nodeType === 1 && (!localName || (node as XmlElement).localName === localName)) out.push(node as XmlElement);
  }
  return out;
}

export function child(parent: XmlElement | null | undefined, localName: string): XmlElement | undefined {
  return children(parent, localName)[0];
}

/** Follows a path of local names through first matches: `path(sp, 'nvSpPr', 'nvPr', 'ph')`. */
export function path(from: XmlElement | null | undefined, ...names: string[]): XmlElement | undefined {
  let current: XmlElement | undefined = from ?? undefined;
  for (const name of names) current = child(current, name);
  return current;
}

/** Every descendant with the local name, in document order. */
export function descendants(root: XmlElement | null | undefined, localName: string): XmlElement[] {
  const out: XmlElement[] = [];
  const visit = (element: XmlElement) => {
    for (const next of children(element)) {
      if (next.localName === localName) out.push(next);
      visit(next);
    }
  };
  if (root) visit(root);
  return out;
}

/** An attribute by local name, whatever its prefix (`r:id`, `r:embed`). */
export function attr(element: XmlElement | null | undefined, localName: string): string | undefined {
  if (!element) return undefined;
  for (let i = 0; i < element.attributes.length; i++) {
    const attribute = element.attributes.item(i);
    if (attribute && (attribute.localName ?? attribute.name) === localName) return attribute.value;
  }
  return undefined;
}

/**
 * A relationship id attribute (`r:id`, `r:embed`): matched by namespace, because
 * `<p:sldId id="256" r:id="rId2">` has two attributes with the local name `id`.
 * Transitional and strict OOXML use different relationship namespaces.
 */
export function relAttr(element: XmlElement | null | undefined, localName: string): string | undefined {
  if (!element) return undefined;
  for (let i = 0; i < element.attributes.length; i++) {
    const attribute = element.attributes.item(i);
    if (attribute?.localName === localName && /relationships$/.test(attribute.namespaceURI ?? '')) return attribute.value;
  }
  return undefined;
}

export function textContent(element: XmlElement | null | undefined): string {
  return element?.textContent ?? '';
}
