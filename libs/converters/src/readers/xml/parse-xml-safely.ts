import { JobFailure } from '@docformat/contracts';
import { DOMParser, onErrorStopParsing, type Document } from '@xmldom/xmldom';

/**
 * Entity declarations are refused outright. xmldom neither fetches external entities
 * (XXE) nor expands internal ones (billion laughs), so nothing could leak or explode,
 * but it would then fail on the first `&name;` with a parser message; a clear refusal
 * says why, and stays safe should the parser ever change.
 */
const ENTITY_DECLARATION = /<!ENTITY\s/i;

/** Parses an XML document strictly (no error recovery) with xmldom. */
export function parseXmlSafely(text: string, kind: string): Document {
  const doctype = /<!DOCTYPE[\s\S]*?(?:\]\s*>|>)/i.exec(text.slice(0, 64 * 1024))?.[0] ?? '';
  if (ENTITY_DECLARATION.test(doctype) || (doctype.includes('[') && ENTITY_DECLARATION.test(text))) {
    throw new JobFailure('UNSUPPORTED_DOCUMENT_TYPE', `${kind} documents that declare entities in a DOCTYPE are not supported.`);
  }
  try {
    const document = new DOMParser({ onError: onErrorStopParsing }).parseFromString(text, 'application/xml');
    if (!document.documentElement) throw new Error('no root element');
    return document;
  } catch (error) {
    throw new JobFailure('CORRUPT_DOCUMENT', `The ${kind} document is not well-formed XML.`, false, { cause: error });
  }
}
