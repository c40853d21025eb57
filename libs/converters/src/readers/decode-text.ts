import { decodeText } from '@docformat/file-types';

/**
 * The text of a text-based document with unified line ends: the bytes decoded by one
 * set of rules (BOM, then the claimed Content-Type's charset, then detection: see
 * @docformat/file-types' text-encoding.ts), so a document decodes the same everywhere.
 */
export function inputText(input: { bytes: Uint8Array; contentType?: string | null }): string {
  return decodeText(input.bytes, input.contentType).replace(/\r\n?/g, '\n');
}
