import { getOutputFormat, isOutputFormat, outputFormatNames } from './registry';

describe('output format registry', () => {
  it('names the formats the API accepts', () => {
    expect(outputFormatNames()).toEqual(['text', 'markdown']);
  });

  it('answers isOutputFormat exactly (case-sensitive, no prototype keys)', () => {
    expect(isOutputFormat('text')).toBe(true);
    expect(isOutputFormat('markdown')).toBe(true);
    expect(isOutputFormat('Markdown')).toBe(false);
    expect(isOutputFormat('html')).toBe(false);
    expect(isOutputFormat('toString')).toBe(false);
  });

  it('gives each format a media type and a renderer, loaded when asked', async () => {
    expect(getOutputFormat('markdown')?.mediaType).toBe('text/markdown; charset=utf-8');
    expect(getOutputFormat('text')?.mediaType).toBe('text/plain; charset=utf-8');
    for (const name of outputFormatNames()) expect(typeof (await getOutputFormat(name)?.load())?.render).toBe('function');
  });
});
