import type { DocumentMetadata } from '@docformat/contracts';
import type { IntermediateDocument } from './intermediate-document';

/**
 * U+0000, the other C0 controls except tab, line feed and carriage return, DEL, and
 * surrogates without their pair. Postgres `text` and `jsonb` refuse U+0000 and
 * unpaired surrogates (a job would fail on writing its outputs); the rest is noise
 * no reader of the output wants. Damaged HTML, text files with NUL padding and
 * some PDFs carry them.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNWANTED = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** The same characters, for a cheap test that allocates nothing (no `g`: test() keeps no state). */
const ANY_UNWANTED = new RegExp(UNWANTED.source);

export function cleanText(text: string): string {
  return ANY_UNWANTED.test(text) ? text.replace(UNWANTED, '') : text;
}

/**
 * Cleans every string of a document in place, once, where it leaves the reader: no
 * output format can then carry what cleanText removes. Walks with an explicit stack
 * (documents can nest deeply) and touches only string properties.
 */
export function cleanDocument(document: IntermediateDocument): IntermediateDocument {
  const stack: unknown[] = [document.blocks];
  while (stack.length > 0) {
    const node = stack.pop();
    if (Array.isArray(node)) {
      for (const child of node) if (child !== null && typeof child === 'object') stack.push(child);
      continue;
    }
    if (node === null || typeof node !== 'object') continue;
    // for…in and writes only where something changed: a 100,000-row table has a
    // million cells, and copying each one's entries would double its memory.
    const record = node as Record<string, unknown>;
    for (const key in record) {
      const value = record[key];
      if (typeof value === 'string') {
        if (ANY_UNWANTED.test(value)) record[key] = value.replace(UNWANTED, '');
      } else if (value !== null && typeof value === 'object') stack.push(value);
    }
  }
  document.metadata = cleanMetadata(document.metadata);
  return document;
}

function cleanMetadata(metadata: DocumentMetadata): DocumentMetadata {
  return Object.fromEntries(Object.entries(metadata).map(([key, value]) => [key, typeof value === 'string' ? cleanText(value) : value]));
}
