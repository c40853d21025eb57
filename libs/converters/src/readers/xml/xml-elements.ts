import type { Element, Node } from '@xmldom/xmldom';

const ELEMENT = 1;

/**
 * Feeds are matched by local name: RSS 0.9x/2.0 has no namespace, RSS 1.0 uses two,
 * and extensions (content:encoded, dc:creator) are found by what they are called
 * whatever prefix a publisher picked.
 */
export function childElements(parent: Node, ...localNames: string[]): Element[] {
  const out: Element[] = [];
  for (let child = parent.firstChild; child; child = child.nextSibling) {
    if (child.nodeType === ELEMENT && (localNames.length === 0 || localNames.includes(localNameOf(child as Element))))
      out.push(child as Element);
  }
  return out;
}

export function localNameOf(element: Element): string {
  return element.localName ?? element.tagName;
}

/** Text of the first child among `localNames` (in that order of preference), trimmed. */
export function childText(parent: Node, ...localNames: string[]): string | undefined {
  for (const name of localNames) {
    const text = childElements(parent, name)[0]?.textContent?.trim();
    if (text) return text;
  }
  return undefined;
}

/** RFC 822 (RSS) and RFC 3339 (Atom) dates as ISO 8601; unparseable ones as written. */
export function isoDate(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
}
