import { DEFAULT_CONVERSION_OPTIONS } from '../conversion-options';
import type { IntermediateDocument } from '../document';
import { readDocument } from '../readers/read-context';
import { documentReaders } from '../readers/registry';

/**
 * Reads bytes with one reader, whatever they are, as convertDocument would once it
 * picked that reader: for a reader's own checks on input that identification would
 * send elsewhere (an XLSX claimed as CSV is identified as an XLSX).
 */
export function readAs(readerName: string, bytes: Buffer, maxPages = 100): Promise<IntermediateDocument> {
  const reader = documentReaders.find((candidate) => candidate.name === readerName);
  if (!reader) throw new Error(`No reader named ${readerName}`);
  return readDocument(reader, { bytes, mimeType: reader.accepts[0].mimeTypes[0] }, DEFAULT_CONVERSION_OPTIONS, maxPages);
}
