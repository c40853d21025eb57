import { formatList, formatOptions, wholeNumber } from './convert-flags';

describe('convert flags', () => {
  it('takes formats comma-separated and repeated, and names an unknown one', () => {
    expect(formatList('chunks', formatList('markdown, text'))).toEqual(['markdown', 'text', 'chunks']);
    expect(() => formatList('markdown,pdf')).toThrow('unknown format pdf; the formats are text, markdown, html, json, chunks.');
  });

  it('checks whole numbers against their range', () => {
    expect(wholeNumber(1, 32)('4')).toBe(4);
    expect(() => wholeNumber(1, 32)('0')).toThrow('a whole number from 1 to 32.');
    expect(() => wholeNumber(1, 32)('2.5')).toThrow('a whole number from 1 to 32.');
  });

  it('sends only the options given, chunking grouped', () => {
    expect(formatOptions({ cache: true, concurrency: 4 })).toEqual({});
    expect(
      formatOptions({ cache: false, concurrency: 4, pages: '1-3', ocr: 'off', languages: ['eng', 'deu'], tables: 'html', maxTokens: 256 }),
    ).toEqual({
      cache: false,
      tables: 'html',
      pages: '1-3',
      ocr: 'off',
      languages: ['eng', 'deu'],
      chunking: { maxTokens: 256 },
    });
  });
});
