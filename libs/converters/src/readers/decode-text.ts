/**
 * Bytes → string for the text-based readers: a byte-order mark wins, then UTF-8 if
 * the bytes are valid UTF-8, else windows-1252 (what "Latin-1" files in the wild
 * really are). Deliberately small; charset labels are not trusted.
 */
export function decodeText(bytes: Uint8Array): string {
  if (startsWith(bytes, [0xef, 0xbb, 0xbf])) return new TextDecoder('utf-8').decode(bytes.subarray(3));
  if (startsWith(bytes, [0xff, 0xfe])) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (startsWith(bytes, [0xfe, 0xff])) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return decodeWindows1252(bytes);
  }
}

/**
 * Node's TextDecoder('windows-1252') decodes as ISO-8859-1 (nodejs/node#56542), which
 * turns curly quotes and the euro sign into C1 control characters; map 0x80–0x9F here.
 */
const CP1252_HIGH =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';

function decodeWindows1252(bytes: Uint8Array): string {
  let out = '';
  for (const byte of bytes) {
    out += byte >= 0x80 && byte <= 0x9f ? CP1252_HIGH[byte - 0x80] : String.fromCharCode(byte);
  }
  return out;
}

/** The caller's pre-decoded text when given, else the decoded bytes; newlines unified. */
export function inputText(input: { bytes: Uint8Array; text?: string }): string {
  const text = input.text ?? decodeText(input.bytes);
  return text.replace(/\r\n?/g, '\n');
}

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return prefix.every((byte, index) => bytes[index] === byte);
}
