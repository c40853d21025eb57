import { JobFailure } from '@docformat/contracts';

/**
 * RTF tokens. Text is kept as bytes (one char per byte, Latin-1) because what they
 * mean depends on the code page in force, which only the interpreter knows.
 */
export type RtfToken =
  | { kind: 'open' }
  | { kind: 'close' }
  /** A control word (`\b0`: name "b", param 0) or symbol (`\~`: name "~"). */
  | { kind: 'word'; name: string; param?: number }
  /** Raw text bytes, or one `\'hh` byte. */
  | { kind: 'bytes'; bytes: string };

const LETTER = /[a-zA-Z]/;
const DIGIT = /[0-9]/;

/**
 * Splits RTF into tokens in one linear pass (no backtracking, no recursion), so any
 * input ends in time proportional to its size. Line ends in RTF are not text.
 */
export function* tokenizeRtf(source: string): Generator<RtfToken> {
  let i = 0;
  const length = source.length;
  while (i < length) {
    const c = source[i];
    if (c === '{') {
      i++;
      yield { kind: 'open' };
    } else if (c === '}') {
      i++;
      yield { kind: 'close' };
    } else if (c === '\\') {
      const next = source[i + 1];
      if (next === undefined) return;
      if (LETTER.test(next)) {
        let end = i + 1;
        while (end < length && end - i <= 32 && LETTER.test(source[end])) end++;
        const name = source.slice(i + 1, end);
        let paramEnd = end;
        if (source[paramEnd] === '-') paramEnd++;
        while (paramEnd < length && paramEnd - end < 11 && DIGIT.test(source[paramEnd])) paramEnd++;
        const digits = source.slice(end, paramEnd);
        const param = /\d/.test(digits) ? Number(digits) : undefined;
        i = digits === '-' ? end : paramEnd;
        if (source[i] === ' ') i++; // the delimiting space belongs to the control word
        if (name === 'bin' && param !== undefined && param > 0) {
          // Binary data (pictures, objects): skip it without looking inside.
          if (i + param > length) throw new JobFailure('CORRUPT_DOCUMENT', 'The RTF document ends inside binary data (truncated?).');
          i += param;
          continue;
        }
        yield { kind: 'word', name, param };
      } else if (next === "'") {
        const hex = source.slice(i + 2, i + 4);
        i += 4;
        if (/^[0-9a-fA-F]{2}$/.test(hex)) yield { kind: 'bytes', bytes: String.fromCharCode(parseInt(hex, 16)) };
      } else if (next === '\\' || next === '{' || next === '}') {
        i += 2;
        yield { kind: 'bytes', bytes: next };
      } else if (next === '\n' || next === '\r') {
        i += 2;
        yield { kind: 'word', name: 'par' };
      } else {
        i += 2;
        yield { kind: 'word', name: next };
      }
    } else if (c === '\n' || c === '\r' || c === '\0') {
      i++;
    } else {
      let end = i + 1;
      while (end < length && !'\\{}\n\r\0'.includes(source[end])) end++;
      yield { kind: 'bytes', bytes: source.slice(i, end) };
      i = end;
    }
  }
}
