import { detectTextEncoding } from '@docformat/fetcher';
import { inputText } from '../decode-text';
import type { ReaderInput } from '../reader';

/** Multi-byte legacy encodings chardet names → WHATWG labels TextDecoder knows. */
const CJK_ENCODINGS: Record<string, string> = {
  Shift_JIS: 'shift_jis',
  'EUC-JP': 'euc-jp',
  'ISO-2022-JP': 'iso-2022-jp',
  'EUC-KR': 'euc-kr',
  GB18030: 'gb18030',
  Big5: 'big5',
};
const SAMPLE_BYTES = 64 * 1024;
const MIN_CONFIDENCE = 50;

/**
 * The CSV's text. The fetcher's rules decide first (BOM, charset, UTF-16, UTF-8);
 * only when they fall back to windows-1252 for lack of evidence is chardet asked,
 * and only a CJK answer is taken: spreadsheets exported on Japanese, Chinese or
 * Korean Windows are common as CSV, and windows-1252 turns them into mojibake. A
 * European single-byte answer would be no better than the fallback, so it is ignored.
 */
export function csvText(input: ReaderInput): string {
  if (input.text === undefined && !/;\s*charset\s*=/i.test(input.contentType ?? '')) {
    if (detectTextEncoding(input.bytes, input.contentType) === 'windows-1252') {
      const encoding = detectCjkEncoding(input.bytes);
      if (encoding) return new TextDecoder(encoding).decode(input.bytes).replace(/\r\n?/g, '\n');
    }
  }
  return inputText(input);
}

function detectCjkEncoding(bytes: Uint8Array): string | undefined {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use only
  const { analyse } = require('chardet') as typeof import('chardet');
  const sample = bytes.subarray(0, SAMPLE_BYTES);
  const best = analyse(sample)[0];
  const encoding = best && best.confidence >= MIN_CONFIDENCE ? CJK_ENCODINGS[best.name] : undefined;
  if (!encoding) return undefined;
  try {
    // Chardet guesses; the bytes must also be valid in that encoding (`stream`: the sample may end mid-character).
    new TextDecoder(encoding, { fatal: true }).decode(sample, { stream: sample.length < bytes.length });
    return encoding;
  } catch {
    return undefined;
  }
}
