import { splitText, textTail } from './split-text';
import { countTokens } from './token-count';

const sentence = (n: number) => `Sentence number ${n} talks about the conversion of documents into chunks.`;

describe('splitText', () => {
  it('keeps lines that fit whole and gives the text back when joined', () => {
    const text = '- one\n- two\n\n- three';
    const pieces = splitText(text, 64);
    expect(pieces.map((piece) => piece.text)).toEqual(['- one', '- two', '- three']);
    expect(pieces.map((piece) => piece.join + piece.text).join('')).toBe(text);
  });

  it('cuts a line that is too long between sentences', () => {
    const line = [1, 2, 3, 4, 5, 6].map(sentence).join(' ');
    const pieces = splitText(line, 20);
    expect(pieces.length).toBe(6);
    expect(pieces.every((piece) => piece.tokens <= 20 && piece.tokens === countTokens(piece.text))).toBe(true);
    expect(pieces.map((piece) => piece.join + piece.text).join('')).toBe(line);
  });

  it('cuts a sentence longer than the limit between words, and a word longer than it between characters', () => {
    const long = `${'word '.repeat(60)}end.`;
    expect(splitText(long, 16).every((piece) => piece.tokens <= 16)).toBe(true);
    const hash = 'f3a9'.repeat(400);
    const pieces = splitText(hash, 16);
    expect(pieces.length).toBeGreaterThan(10);
    expect(pieces.every((piece) => piece.tokens <= 16)).toBe(true);
    expect(pieces.map((piece) => piece.text).join('')).toBe(hash);
  });

  it('never cuts a character made of two UTF-16 units', () => {
    const emoji = '😀'.repeat(300);
    const pieces = splitText(emoji, 16);
    expect(pieces.map((piece) => piece.text).join('')).toBe(emoji);
    expect(pieces.every((piece) => !/^[\uDC00-\uDFFF]|[\uD800-\uDBFF]$/.test(piece.text))).toBe(true);
  });
});

describe('textTail', () => {
  it('takes whole lines from the end while they fit', () => {
    expect(textTail('- one\n- two\n- three', 6)).toBe('- two\n- three');
  });

  it('takes the last sentences of a long line, else its last words', () => {
    const line = [1, 2, 3].map(sentence).join(' ');
    expect(textTail(line, 20)).toBe(sentence(3));
    expect(textTail(line, 5)).toBe('of documents into chunks.');
    expect(countTokens(textTail(line, 5))).toBeLessThanOrEqual(5);
  });
});
