import { findNameClash, outputPath, serializeOutput, stemOf } from './output-files';

describe('output files', () => {
  it('names outputs after the input file or the URL’s last segment, with the format’s extension', () => {
    expect(outputPath('out', 'docs/report.final.pdf', 'markdown')).toBe('out/report.final.md');
    expect(outputPath('out', 'docs/report.pdf', 'chunks')).toBe('out/report.chunks.json');
    expect(outputPath('out', 'docs/report.pdf', 'json')).toBe('out/report.json');
    expect(stemOf('https://example.com/files/annual%20report.pdf?x=1')).toBe('annual report');
    expect(stemOf('https://example.com/')).toBe('example.com');
    expect(stemOf('README')).toBe('README');
  });

  it('finds two inputs that would write the same files', () => {
    expect(findNameClash(['a/report.pdf', 'b/summary.pdf'])).toBeUndefined();
    expect(findNameClash(['a/report.pdf', 'b/x.pdf', 'c/report.docx'])).toEqual(['a/report.pdf', 'c/report.docx']);
  });

  it('writes text as it is and JSON indented, each ending with a newline', () => {
    expect(serializeOutput('# Title\n')).toBe('# Title\n');
    expect(serializeOutput('plain')).toBe('plain\n');
    expect(serializeOutput([{ index: 0 }])).toBe('[\n  {\n    "index": 0\n  }\n]\n');
  });
});
