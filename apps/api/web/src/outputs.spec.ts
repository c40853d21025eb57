import { baseName, DISPLAY_LIMIT, forDisplay, isOutputFormat, outputFile, outputText, sizeLabel } from './outputs.ts';

describe('outputs', () => {
  it('names a download after the source document, without its extension, path or query', () => {
    expect(baseName('report.pdf')).toBe('report');
    expect(baseName('https://example.com/docs/Annual%20report.docx?v=2#x')).toBe('Annual report');
    expect(baseName('https://example.com/')).toBe('document');
    expect(baseName('C:\\Users\\me\\notes.txt')).toBe('notes');
    expect(baseName('a:b*c?.md')).toBe('a_b_c_');
    expect(baseName('archive.tar.gz')).toBe('archive.tar');
  });

  it('saves each format with its extension and media type, JSON values pretty-printed', () => {
    expect(outputFile('markdown', '# A\n', 'a.docx')).toEqual({ name: 'a.md', mediaType: 'text/markdown;charset=utf-8', text: '# A\n' });
    expect(outputFile('text', 'A', 'a.docx').name).toBe('a.txt');
    expect(outputFile('html', '<p>', 'a.docx').name).toBe('a.html');
    const chunks = outputFile('chunks', [{ index: 0, text: 'A' }], 'a.docx');
    expect(chunks).toMatchObject({ name: 'a.chunks.json', mediaType: 'application/json;charset=utf-8' });
    expect(JSON.parse(chunks.text)).toEqual([{ index: 0, text: 'A' }]);
    expect(outputText({ a: 1 })).toBe('{\n  "a": 1\n}');
  });

  it('knows the registered formats only', () => {
    expect(['text', 'markdown', 'html', 'json', 'chunks'].every(isOutputFormat)).toBe(true);
    expect(isOutputFormat('toString')).toBe(false);
    expect(isOutputFormat('pdf')).toBe(false);
  });

  it('shows at most DISPLAY_LIMIT characters and says when it cut', () => {
    expect(forDisplay('short')).toEqual({ text: 'short', cut: false });
    const long = forDisplay('x'.repeat(DISPLAY_LIMIT + 1));
    expect(long.cut).toBe(true);
    expect(long.text).toHaveLength(DISPLAY_LIMIT);
  });

  it('labels sizes in bytes of UTF-8', () => {
    expect(sizeLabel('é')).toBe('2 B');
    expect(sizeLabel('x'.repeat(12_345))).toBe('12.3 KB');
    expect(sizeLabel('x'.repeat(2_500_000))).toBe('2.5 MB');
  });
});
