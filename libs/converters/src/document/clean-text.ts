import type { DocumentMetadata } from '@docformat/contracts';
import type { IntermediateDocument } from './intermediate-document';
import { walkRecords } from './walk-records';

/**
 * U+0000, the other C0 controls except tab, line feed and carriage return, DEL, and
 * surrogates without their pair. Postgres `text` and `jsonb` refuse U+0000 and
 * unpaired surrogates (a job would fail on writing its outputs); the rest is noise
 * no reader of the output wants. Damaged HTML, text files with NUL padding and
 * some PDFs carry them. U+FDD0 is the layout's own mark of a broken word
 * (layout/characters.ts BROKEN_WORD): one left anywhere joins its word.
 */
const UNWANTED =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\uFDD0]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

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
  // Writes only where something changed: copying a million cells' entries would double their memory.
  walkRecords(document.blocks, (record) => {
    for (const key in record) {
      const value = record[key];
      if (typeof value === 'string' && ANY_UNWANTED.test(value)) record[key] = value.replace(UNWANTED, '');
    }
  });
  document.metadata = cleanMetadata(document.metadata);
  return document;
}

function cleanMetadata(metadata: DocumentMetadata): DocumentMetadata {
  return Object.fromEntries(Object.entries(metadata).map(([key, value]) => [key, typeof value === 'string' ? cleanText(value) : value]));
}
