import { decodeText, inputText } from './decode-text';

describe('decodeText', () => {
  it('honours byte-order marks', () => {
    expect(decodeText(Buffer.from([0xef, 0xbb, 0xbf, 0x68, 0xc3, 0xa9]))).toBe('hé');
    expect(decodeText(Buffer.from([0xff, 0xfe, 0x68, 0x00, 0xe9, 0x00]))).toBe('hé');
    expect(decodeText(Buffer.from([0xfe, 0xff, 0x00, 0x68, 0x00, 0xe9]))).toBe('hé');
  });

  it('reads valid UTF-8 as UTF-8', () => {
    expect(decodeText(Buffer.from('naïve “quotes” €', 'utf8'))).toBe('naïve “quotes” €');
  });

  it('falls back to windows-1252, including the 0x80–0x9F range', () => {
    expect(decodeText(Buffer.from([0x93, 0x43, 0x61, 0x66, 0xe9, 0x94, 0x20, 0x80, 0x35, 0x85]))).toBe('“Café” €5…');
  });

  it('prefers pre-decoded text and unifies line ends', () => {
    expect(inputText({ bytes: Buffer.from('x'), text: 'a\r\nb\rc' })).toBe('a\nb\nc');
  });
});
