import { charsetOf, parseContentType } from './content-type';
import { extensionOf, fileNameFromContentDisposition, fileNameFromUrl } from './file-name';

describe('parseContentType', () => {
  it('lowercases the type and reads quoted and bare parameters', () => {
    expect(parseContentType('Text/HTML; Charset="UTF-8"; boundary=abc')).toEqual({
      mimeType: 'text/html',
      parameters: { charset: 'UTF-8', boundary: 'abc' },
    });
  });

  it.each([null, undefined, '', 'nonsense', 'text/', '/plain', 'a b/c'])('rejects %p', (header) => {
    expect(parseContentType(header)).toBeNull();
  });

  it('finds the charset', () => {
    expect(charsetOf('text/plain;charset=Shift_JIS')).toBe('Shift_JIS');
    expect(charsetOf('text/plain')).toBeNull();
  });
});

describe('file names', () => {
  it.each([
    ['attachment; filename="report.pdf"', 'report.pdf'],
    ['attachment; filename=report.pdf', 'report.pdf'],
    ["attachment; filename*=UTF-8''%E2%82%AC%20rates.pdf", '€ rates.pdf'],
    ["attachment; filename=\"fallback.pdf\"; filename*=utf-8''better.pdf", 'better.pdf'],
    ["attachment; filename*=iso-8859-1'en'caf%E9.txt", 'café.txt'],
    ['attachment; filename="../../etc/passwd"', 'passwd'],
    ['attachment; filename="C:\\\\temp\\\\evil.exe"', 'evil.exe'],
    ['attachment; filename="a\\"b.txt"', 'a"b.txt'],
    ['inline', null],
    ['attachment; filename=""', null],
  ])('Content-Disposition %s', (header, expected) => {
    expect(fileNameFromContentDisposition(header)).toBe(expected);
  });

  it('takes the last path segment of a URL, decoded', () => {
    expect(fileNameFromUrl('https://example.com/a/b/My%20File.docx?x=1#y')).toBe('My File.docx');
    expect(fileNameFromUrl('https://example.com/')).toBeNull();
    expect(fileNameFromUrl('https://example.com/bad%E0%A4%A')).toBe('bad%E0%A4%A');
    expect(fileNameFromUrl('not a url')).toBeNull();
  });

  it('finds extensions', () => {
    expect(extensionOf('a.tar.GZ')).toBe('gz');
    expect(extensionOf('README')).toBeNull();
    expect(extensionOf(null)).toBeNull();
  });
});
