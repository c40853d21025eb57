import { fileNameFromContentDisposition, fileNameFromUrl } from './file-name';

describe('file names', () => {
  it.each([
    ['attachment; filename="report.pdf"', 'report.pdf'],
    ['attachment; filename=report.pdf', 'report.pdf'],
    ["attachment; filename*=UTF-8''%E2%82%AC%20rates.pdf", '€ rates.pdf'],
    ['attachment; filename="fallback.pdf"; filename*=utf-8\'\'better.pdf', 'better.pdf'],
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
});
