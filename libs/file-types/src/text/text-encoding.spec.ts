import { decodeText, detectTextEncoding, normalizeEncoding } from './text-encoding';

const bytes = (...values: number[]) => Uint8Array.from(values);
const ascii = (text: string) => Buffer.from(text, 'latin1');
// "日本語のテキスト" in Shift_JIS (Node cannot encode it, so the bytes are spelled out).
const SHIFT_JIS = bytes(0x93, 0xfa, 0x96, 0x7b, 0x8c, 0xea, 0x82, 0xcc, 0x83, 0x65, 0x83, 0x4c, 0x83, 0x58, 0x83, 0x67);

describe('decodeText', () => {
  it('uses a UTF-8 BOM and drops it', () => {
    const input = Buffer.concat([bytes(0xef, 0xbb, 0xbf), Buffer.from('naïve café', 'utf8')]);
    expect(decodeText(input)).toBe('naïve café');
  });

  it('uses a UTF-16LE BOM, even against the header', () => {
    const input = Buffer.concat([bytes(0xff, 0xfe), Buffer.from('Grüße €', 'utf16le')]);
    expect(decodeText(input, 'text/plain; charset=iso-8859-1')).toBe('Grüße €');
  });

  it('uses a UTF-16BE BOM', () => {
    const le = Buffer.from('Hi ✓', 'utf16le');
    const be = Buffer.from(le).swap16();
    expect(decodeText(Buffer.concat([bytes(0xfe, 0xff), be]))).toBe('Hi ✓');
  });

  it('uses charset=windows-1252, including the 0x80-0x9F block', () => {
    const input = bytes(0x63, 0x61, 0x66, 0xe9, 0x20, 0x80, 0x20, 0x93, 0x71, 0x94, 0x20, 0x92, 0x20, 0x99);
    expect(decodeText(input, 'text/plain; charset=windows-1252')).toBe('café € “q” ’ ™');
  });

  it('treats charset=iso-8859-1 as windows-1252, as browsers do', () => {
    expect(decodeText(bytes(0x80, 0xe9), 'text/html; charset="ISO-8859-1"')).toBe('€é');
  });

  it('uses charset=Shift_JIS', () => {
    expect(decodeText(SHIFT_JIS, 'text/plain; charset=Shift_JIS')).toBe('日本語のテキスト');
  });

  it('uses an encoding declared inside an HTML or XML document', () => {
    const html = Buffer.concat([ascii('<html><head><meta charset="shift_jis"></head><body>'), SHIFT_JIS]);
    expect(decodeText(html, 'text/html')).toContain('日本語のテキスト');
    const xml = Buffer.concat([ascii('<?xml version="1.0" encoding="Shift_JIS"?><a>'), SHIFT_JIS]);
    expect(decodeText(xml)).toContain('日本語のテキスト');
  });

  it('detects valid UTF-8 without any declaration', () => {
    expect(decodeText(Buffer.from('Ελληνικά and 中文', 'utf8'))).toBe('Ελληνικά and 中文');
  });

  it('falls back to windows-1252 for bytes that are not UTF-8', () => {
    expect(decodeText(bytes(0x4f, 0x27, 0x52, 0x65, 0x69, 0x6c, 0x6c, 0x79, 0x20, 0x96, 0x20, 0xe0))).toBe("O'Reilly – à");
  });

  it('detects Shift_JIS without any declaration, and prefers it to windows-1252', () => {
    expect(detectTextEncoding(SHIFT_JIS)).toBe('shift_jis');
    expect(decodeText(Buffer.concat([ascii('name,city\n'), SHIFT_JIS]))).toBe('name,city\n日本語のテキスト');
  });

  it('keeps windows-1252 for Western text whose byte pairs would also decode as CJK', () => {
    // "Zürich,Köln": ü+r and ö+l are valid GBK and Big5 pairs, but rare extension characters.
    expect(decodeText(bytes(0x5a, 0xfc, 0x72, 0x69, 0x63, 0x68, 0x2c, 0x4b, 0xf6, 0x6c, 0x6e))).toBe('Zürich,Köln');
    // Smart quotes and a dash: “word” – ok.
    expect(decodeText(bytes(0x93, 0x77, 0x6f, 0x72, 0x64, 0x94, 0x20, 0x96, 0x20, 0x6f, 0x6b))).toBe('“word” – ok');
  });

  it('ignores a declared UTF-8 that the bytes contradict', () => {
    expect(decodeText(bytes(0x63, 0x61, 0x66, 0xe9), 'text/plain; charset=utf-8')).toBe('café');
  });

  it('ignores unknown and replacement-only charsets', () => {
    expect(decodeText(Buffer.from('plain', 'utf8'), 'text/plain; charset=x-klingon')).toBe('plain');
    expect(normalizeEncoding('iso-2022-kr')).toBeNull();
  });

  it('detects UTF-16 without a BOM from its zero bytes', () => {
    expect(detectTextEncoding(Buffer.from('hello world', 'utf16le'))).toBe('utf-16le');
    expect(decodeText(Buffer.from('hello world', 'utf16le').swap16())).toBe('hello world');
  });

  it('decodes nothing to the empty string', () => {
    expect(decodeText(new Uint8Array(0))).toBe('');
  });
});
