import { ProblemException } from '../../http/problem.exception';
import { renderRequest } from './render-query';

const chunks = { name: 'chunks', renderOptions: ['chunking' as const] };
const markdown = { name: 'markdown', renderOptions: ['pageMarkers' as const, 'tables' as const] };
const html = { name: 'html', renderOptions: [] };

function problems(run: () => unknown): Array<{ field: string; message: string }> {
  try {
    run();
  } catch (error) {
    if (error instanceof ProblemException) return error.problem.errors ?? [];
    throw error;
  }
  throw new Error('no problem');
}

describe('renderRequest', () => {
  it("keys a rendering by the format and every option it reads, defaults and the job's own options filled in", () => {
    expect(renderRequest(html, {}, null).key).toBe('html');
    expect(renderRequest(markdown, {}, null).key).toBe('markdown?pageMarkers=false&tables=markdown');
    expect(renderRequest(markdown, {}, { pageMarkers: true, tables: 'html' }).key).toBe('markdown?pageMarkers=true&tables=html');
    expect(renderRequest(markdown, { tables: 'markdown' }, { tables: 'html' }).options.tables).toBe('markdown');
    expect(renderRequest(markdown, { pageMarkers: 'false' }, { pageMarkers: true }).options.pageMarkers).toBe(false);
    expect(renderRequest(chunks, {}, null).key).toBe('chunks?maxTokens=512&overlapTokens=0&strategy=heading');
    // The same rendering asked for in two ways has one key.
    expect(renderRequest(chunks, { maxTokens: '512' }, null).key).toBe(renderRequest(chunks, {}, null).key);
    const request = renderRequest(chunks, { maxTokens: '256', overlapTokens: '32', strategy: 'size' }, { chunking: { maxTokens: 100 } });
    expect(request).toEqual({
      options: {
        images: 'placeholder',
        pageMarkers: false,
        tables: 'markdown',
        chunking: { maxTokens: 256, overlapTokens: 32, strategy: 'size' },
      },
      key: 'chunks?maxTokens=256&overlapTokens=32&strategy=size',
    });
    // A job's overlap shrinks to half of a smaller maxTokens given alone.
    expect(renderRequest(chunks, { maxTokens: '64' }, { chunking: { overlapTokens: 100 } }).options.chunking.overlapTokens).toBe(32);
  });

  it('refuses parameters the format does not read, repeated ones and wrong values, naming each', () => {
    expect(problems(() => renderRequest(html, { maxTokens: '5' }, null))).toEqual([
      { field: 'maxTokens', message: 'maxTokens is not a parameter of the html format; it takes no parameters' },
    ]);
    expect(problems(() => renderRequest(markdown, { maxTokens: '5', pageMarkers: 'yes', tables: 'latex' }, null))).toEqual([
      { field: 'maxTokens', message: 'maxTokens is not a parameter of the markdown format; its parameters are pageMarkers, tables' },
      { field: 'pageMarkers', message: 'pageMarkers must be true or false (got "yes")' },
      { field: 'tables', message: 'tables must be one of markdown, html (got "latex")' },
    ]);
    expect(problems(() => renderRequest(chunks, { maxTokens: ['256', '512'] }, null))).toEqual([
      { field: 'maxTokens', message: 'give maxTokens once' },
    ]);
    expect(problems(() => renderRequest(chunks, { maxTokens: '8', overlapTokens: 'x', strategy: 'pages' }, null))).toEqual([
      { field: 'maxTokens', message: 'maxTokens must be a whole number from 16 to 8192 (got 8)' },
      { field: 'overlapTokens', message: 'overlapTokens must be a whole number from 0 to 256, half of maxTokens (512) (got "x")' },
      { field: 'strategy', message: 'strategy must be one of heading, size (got "pages")' },
    ]);
    expect(problems(() => renderRequest(chunks, { maxTokens: '100', overlapTokens: '60' }, null))).toEqual([
      { field: 'overlapTokens', message: 'overlapTokens must be a whole number from 0 to 50, half of maxTokens (100) (got 60)' },
    ]);
  });

  it("keys a rendering by its images mode, the job's own by default, and refuses an unknown one", () => {
    const json = { name: 'json', renderOptions: ['images' as const] };
    expect(renderRequest(json, {}, null).key).toBe('json?images=placeholder');
    expect(renderRequest(json, {}, { images: 'referenced' }).options.images).toBe('referenced');
    expect(renderRequest(json, { images: 'embedded' }, { images: 'referenced' }).key).toBe('json?images=embedded');
    expect(problems(() => renderRequest(json, { images: 'inline' }, null))).toEqual([
      { field: 'images', message: 'images must be one of placeholder, referenced, embedded (got "inline")' },
    ]);
  });
});
