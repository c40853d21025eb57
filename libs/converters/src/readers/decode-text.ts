import { decodeText } from '@docformat/fetcher';

/**
 * The text of a text-based document with unified line ends: the caller's pre-decoded
 * text when given, else the bytes decoded by the fetcher's rules (BOM, then the
 * Content-Type charset, then detection), so a document decodes the same everywhere.
 */
export function inputText(input: { bytes: Uint8Array; text?: string; contentType?: string | null }): string {
  const text = input.text ?? decodeText(input.bytes, input.contentType);
  return text.replace(/\r\n?/g, '\n');
}
