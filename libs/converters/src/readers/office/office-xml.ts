import { JobFailure } from '@docformat/contracts';
import { DOMParser, onErrorStopParsing, type Document, type Element, type Node } from '@xmldom/xmldom';

/** xmldom's node types, compared as numbers so the parser loads lazily. */
const ELEMENT_NODE = 1;
const TEXT_NODE = 3;
const CDATA_SECTION_NODE = 4;

/**
 * Parses one XML part of a document package strictly: xmldom otherwise recovers from
 * errors, and a recovered `content.xml` would convert to a silently empty document.
 * xmldom never fetches external entities, so a hostile DTD reaches nothing.
 */
export function parseXmlPart(text: string, part: string, kind: string): Document {
  try {
    const document = new DOMParser({ onError: onErrorStopParsing }).parseFromString(text, 'application/xml');
    if (!document.documentElement) throw new Error('no root element');
    return document;
  } catch (error) {
    throw new JobFailure('CORRUPT_DOCUMENT', `The ${kind} part ${part} is not well-formed XML.`, false, { cause: error });
  }
}

export function isXmlElement(node: Node): node is Element {
  return node.nodeType === ELEMENT_NODE;
}

export function isXmlText(node: Node): boolean {
  return node.nodeType === TEXT_NODE || node.nodeType === CDATA_SECTION_NODE;
}

export function xmlChildren(node: Node): Element[] {
  const out: Element[] = [];
  for (let child = node.firstChild; child; child = child.nextSibling) if (isXmlElement(child)) out.push(child);
  return out;
}

/** Child elements in namespace `ns` with one of the local names (all when none given). */
export function xmlChildrenNS(node: Node, ns: string, ...names: string[]): Element[] {
  return xmlChildren(node).filter((child) => child.namespaceURI === ns && (names.length === 0 || names.includes(child.localName ?? '')));
}

/** Text of the first descendant `ns:name`, whitespace collapsed; undefined when blank. */
export function xmlFirstText(root: Document | Element, ns: string, name: string): string | undefined {
  return xmlAllText(root, ns, name)[0];
}

/** Texts of every descendant `ns:name` that has some, whitespace collapsed. */
export function xmlAllText(root: Document | Element, ns: string, name: string): string[] {
  return Array.from(root.getElementsByTagNameNS(ns, name))
    .map((element) => (element.textContent ?? '').replace(/\s+/g, ' ').trim())
    .filter((text) => text !== '');
}
