import { inputText } from './decode-text';

describe('inputText', () => {
  it('honours byte-order marks', () => {
    expect(inputText({ bytes: Buffer.from([0xef, 0xbb, 0xbf, 0x68, 0xc3, 0xa9]) })).toBe('hé');
    expect(inputText({ bytes: Buffer.from([0xff, 0xfe, 0x68, 0x00, 0xe9, 0x00]) })).toBe('hé');
  });

  it('reads valid UTF-8 as UTF-8 and falls back to windows-1252, including 0x80–0x9F', () => {
    expect(inputText({ bytes: Buffer.from('naïve “quotes” €', 'utf8') })).toBe('naïve “quotes” €');
    expect(inputText({ bytes: Buffer.from([0x93, 0x43, 0x61, 0x66, 0xe9, 0x94, 0x20, 0x80, 0x35, 0x85]) })).toBe('“Café” €5…');
  });

  it('follows the charset of the Content-Type header', () => {
    const shiftJis = Buffer.from([0x93, 0xfa, 0x96, 0x7b]); // 日本
    expect(inputText({ bytes: shiftJis, contentType: 'text/plain; charset=Shift_JIS' })).toBe('日本');
  });

  it('unifies line ends', () => {
    expect(inputText({ bytes: Buffer.from('a\r\nb\rc') })).toBe('a\nb\nc');
  });
});
