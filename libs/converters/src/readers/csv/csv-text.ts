import { inputText } from '../decode-text';
import type { ReaderInput } from '../reader';

/**
 * The CSV's text, by the same rules as every text document (BOM, charset, UTF-16,
 * UTF-8, then legacy CJK encodings before the windows-1252 fallback: see the
 * text-encoding.ts and cjk-detect.ts in @docformat/file-types). CSV was where CJK detection started;
 * spreadsheets exported on Japanese, Chinese or Korean Windows are its commonest case.
 */
export function csvText(input: ReaderInput): string {
  return inputText(input);
}
