import { getOutputFormat, isOutputFormat, outputFormatInfo, outputFormatNames } from './registry';

describe('output format registry', () => {
  it('names the formats the API accepts', () => {
    expect(outputFormatNames()).toEqual(['text', 'markdown', 'html', 'json', 'chunks']);
  });

  it('answers isOutputFormat exactly (case-sensitive, no prototype keys)', () => {
    expect(isOutputFormat('text')).toBe(true);
    expect(isOutputFormat('markdown')).toBe(true);
    expect(isOutputFormat('Markdown')).toBe(false);
    expect(isOutputFormat('html')).toBe(true);
    expect(isOutputFormat('HTML')).toBe(false);
    expect(isOutputFormat('pdf')).toBe(false);
    expect(isOutputFormat('toString')).toBe(false);
  });

  it('gives each format a media type and a renderer, loaded when asked', async () => {
    expect(getOutputFormat('markdown')?.mediaType).toBe('text/markdown; charset=utf-8');
    expect(getOutputFormat('text')?.mediaType).toBe('text/plain; charset=utf-8');
    expect(getOutputFormat('html')?.mediaType).toBe('text/html; charset=utf-8');
    expect(getOutputFormat('json')?.mediaType).toBe('application/json');
    expect(getOutputFormat('chunks')?.mediaType).toBe('application/json');
    for (const name of outputFormatNames()) expect(typeof (await getOutputFormat(name)?.load())?.render).toBe('function');
  });

  it('says which render options each format reads, without its renderer (GET /job/{id}/formats/{name} query parameters)', () => {
    expect(outputFormatNames().map((name) => [name, outputFormatInfo(name)?.renderOptions])).toEqual([
      ['text', ['pageMarkers', 'images']],
      ['markdown', ['pageMarkers', 'tables', 'images']],
      ['html', ['images']],
      ['json', ['images']],
      ['chunks', ['chunking']],
    ]);
    expect(outputFormatInfo('markdown')).not.toHaveProperty('load');
    expect(outputFormatInfo('pdf')).toBeUndefined();
  });
});
