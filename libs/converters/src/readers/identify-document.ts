import { type FileInput, identifyFile } from '@docformat/file-types';
import type { IdentifiedDocument } from './reader';
import { type KnownType, knownTypes } from './registry';

/**
 * What a document is and which reader reads it, from its bytes and what its source
 * claims: one identification for downloads, uploads and archive entries, over the
 * types the readers declare (@docformat/file-types does the looking).
 */
export function identifyDocument(input: FileInput): IdentifiedDocument {
  const { mimeType, extension, type } = identifyFile<KnownType>(input, knownTypes, (known) => known.reader !== undefined);
  return { mimeType, ...(extension ? { extension } : {}), ...(type?.reader ? { reader: type.reader } : {}) };
}
