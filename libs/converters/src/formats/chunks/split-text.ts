import { countTokens } from './token-count';

/** A piece of a text too long for one chunk, and what stood between it and the piece before. */
export interface TextPiece {
  text: string;
  /** "\n" between lines; "" inside a line, where a piece keeps its own trailing space. */
  join: string;
  tokens: number;
}

let sentences: Intl.Segmenter | undefined;

/**
 * A text cut into pieces of at most `maxTokens`, as coarse as possible: lines (list
 * items, quote lines), then sentences, then words; a word longer than a chunk (a
 * hash, base64 left in a document) is cut between characters. Joining the pieces
 * with their joins gives the text back (blank lines fold into the next join).
 */
export function splitText(text: string, maxTokens: number): TextPiece[] {
  const pieces: TextPiece[] = [];
  let join = '';
  for (const line of text.split('\n')) {
    if (line === '') {
      join += '\n';
      continue;
    }
    const tokens = countTokens(line);
    const parts = tokens <= maxTokens ? [{ text: line, tokens }] : splitLine(line, maxTokens);
    parts.forEach((part, index) => pieces.push({ ...part, join: index === 0 ? join : '' }));
    join = '\n';
  }
  return pieces;
}

/** One line too long for a chunk → sentences (ICU's sentence breaks, any language), each cut further when it must be. */
function splitLine(line: string, maxTokens: number): Array<{ text: string; tokens: number }> {
  sentences ??= new Intl.Segmenter(undefined, { granularity: 'sentence' });
  const out: Array<{ text: string; tokens: number }> = [];
  for (const { segment } of sentences.segment(line)) {
    const tokens = countTokens(segment);
    if (tokens <= maxTokens) out.push({ text: segment, tokens });
    else for (const word of segment.split(/(?<=\s)/)) out.push(...splitWord(word, maxTokens));
  }
  return out;
}

/** A word (with its trailing space) in pieces that fit, cut between characters when it is longer than a chunk. */
function splitWord(word: string, maxTokens: number): Array<{ text: string; tokens: number }> {
  const out: Array<{ text: string; tokens: number }> = [];
  let rest = word;
  while (rest !== '') {
    const tokens = countTokens(rest);
    if (tokens <= maxTokens) {
      out.push({ text: rest, tokens });
      break;
    }
    const length = longestPrefix(rest, maxTokens);
    const piece = rest.slice(0, length);
    out.push({ text: piece, tokens: countTokens(piece) });
    rest = rest.slice(length);
  }
  return out;
}

/** The longest prefix of `text` within `maxTokens` (binary search), never cutting a surrogate pair, at least one character. */
function longestPrefix(text: string, maxTokens: number): number {
  let fits = 1;
  let tooLong = text.length;
  while (tooLong - fits > 1) {
    const middle = (fits + tooLong) >> 1;
    if (countTokens(text.slice(0, middle)) <= maxTokens) fits = middle;
    else tooLong = middle;
  }
  const code = text.charCodeAt(fits - 1);
  return code >= 0xd800 && code <= 0xdbff && fits + 1 <= text.length ? fits + 1 : fits;
}

/**
 * The end of a text within `maxTokens`, for an overlap: whole lines if any fit, else
 * whole sentences of the last line, else its last words; "" when not even a word
 * fits. Works back from the end, so a long text costs no more than its tail.
 */
export function textTail(text: string, maxTokens: number): string {
  const lines = text.split('\n');
  const whole = tailOf(lines, '\n', maxTokens);
  if (whole !== '') return whole;
  sentences ??= new Intl.Segmenter(undefined, { granularity: 'sentence' });
  const last = lines[lines.length - 1];
  const bySentence = tailOf(
    Array.from(sentences.segment(last), ({ segment }) => segment),
    '',
    maxTokens,
  );
  if (bySentence !== '') return bySentence;
  return tailOf(last.split(/(?<=\s)/), '', maxTokens);
}

/** The most pieces from the end, joined with `join`, whose text stays within `maxTokens`; "" when not even the last one does. */
function tailOf(pieces: readonly string[], join: string, maxTokens: number): string {
  let tail = '';
  for (let i = pieces.length - 1; i >= 0; i--) {
    const candidate = tail === '' ? pieces[i] : pieces[i] + join + tail;
    if (countTokens(candidate.trim()) > maxTokens) break;
    tail = candidate;
  }
  return tail.trim();
}
