import { ClientJobRepository } from '@docformat/db';
import { startTestApp, PROBLEM_KEYS, type TestApp } from './test-app';

let t: TestApp;
let auth: { Authorization: string };

beforeAll(async () => {
  t = await startTestApp();
  auth = (await t.newClient('errors')).auth;
});
afterAll(() => t.close());

const post = (body: unknown) =>
  t
    .http()
    .post('/format')
    .set(auth)
    .send(body as object);

function expectProblem(
  res: { status: number; headers: Record<string, string>; body: Record<string, unknown> },
  status: number,
  code: string,
) {
  expect(res.status).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  expect(res.body).toMatchObject({ status, code, type: `urn:docformat:problem:${code.toLowerCase().replace(/_/g, '-')}` });
  expect(typeof res.body['title']).toBe('string');
  expect(typeof res.body['detail']).toBe('string');
}

describe('validation errors (400)', () => {
  it.each([
    ['a missing file', { format: { type: 'text' } }, 'file', 'file is required'],
    ['a non-http scheme', { file: 'ftp://example.com/a.pdf', format: { type: 'text' } }, 'file', 'file must use http or https (got ftp)'],
    [
      'a relative URL',
      { file: '/a.pdf', format: { type: 'text' } },
      'file',
      'file must be an absolute URL such as https://example.com/report.pdf',
    ],
    ['a file that is not a string', { file: 42, format: { type: 'text' } }, 'file', 'file must be a non-empty string'],
    [
      'a URL over 2,048 characters',
      { file: `https://example.com/${'a'.repeat(2030)}`, format: { type: 'text' } },
      'file',
      'file must be at most 2048 characters long (got 2050)',
    ],
    ['a missing format', { file: 'https://example.com/a.pdf' }, 'format', 'format is required'],
    [
      'a format given as a string',
      { file: 'https://example.com/a.pdf', format: 'text' },
      'format',
      'format must be an object such as {"type": "markdown"}',
    ],
    [
      'an unknown format',
      { file: 'https://example.com/a.pdf', format: { type: 'pdf' } },
      'format.type',
      'format.type must be one of text, markdown, html, json, chunks (got "pdf")',
    ],
    [
      'an empty format list',
      { file: 'https://example.com/a.pdf', format: { type: [] } },
      'format.type',
      'format.type must name at least one format (text, markdown, html, json, chunks)',
    ],
    [
      'an unknown top-level property',
      { file: 'https://example.com/a.pdf', format: { type: 'text' }, callback: 'x' },
      'callback',
      'callback is not a known property',
    ],
    [
      'an unknown nested property',
      { file: 'https://example.com/a.pdf', format: { type: 'text', dpi: 3 } },
      'format.dpi',
      'format.dpi is not a known property',
    ],
    [
      'an unknown OCR mode',
      { file: 'https://example.com/a.pdf', format: { type: 'text', ocr: 'always' } },
      'format.ocr',
      'format.ocr must be one of auto, force, off',
    ],
    [
      'OCR languages that are not installed',
      { file: 'https://example.com/a.pdf', format: { type: 'text', languages: ['eng', 'klingon', 'xx'] } },
      'format.languages',
      'format.languages names languages that are not installed: klingon, xx (installed: ara, chi_sim, deu, eng, fra, ita, jpn, por, spa)',
    ],
    [
      'languages that are not a list',
      { file: 'https://example.com/a.pdf', format: { type: 'text', languages: 'eng' } },
      'format.languages',
      'format.languages must be a non-empty array of language codes such as ["eng","deu"], or ["auto"] (installed: ara, chi_sim, deu, eng, fra, ita, jpn, por, spa)',
    ],
    [
      '"auto" beside language codes',
      { file: 'https://example.com/a.pdf', format: { type: 'text', languages: ['auto', 'deu'] } },
      'format.languages',
      'format.languages may hold "auto" only alone: ["auto"]',
    ],
    [
      'a page range that ends before it starts',
      { file: 'https://example.com/a.pdf', format: { type: 'text', pages: '5-2' } },
      'format.pages',
      'format.pages has the range "5-2", which ends before it starts',
    ],
    [
      'a malformed page list',
      { file: 'https://example.com/a.pdf', format: { type: 'text', pages: '1-3,x' } },
      'format.pages',
      'format.pages has "x", which is not a page or a range such as "2-5"',
    ],
    [
      'page 0',
      { file: 'https://example.com/a.pdf', format: { type: 'text', pages: '0-2' } },
      'format.pages',
      'format.pages counts pages from 1',
    ],
    [
      'pages given as a number',
      { file: 'https://example.com/a.pdf', format: { type: 'text', pages: 3 } },
      'format.pages',
      'format.pages must be a string of pages and ranges such as "1-3,7"',
    ],
    [
      'pageMarkers that is not a boolean',
      { file: 'https://example.com/a.pdf', format: { type: 'text', pageMarkers: 'yes' } },
      'format.pageMarkers',
      'format.pageMarkers must be true or false',
    ],
    [
      'a tables style that is not one',
      { file: 'https://example.com/a.pdf', format: { type: 'markdown', tables: 'latex' } },
      'format.tables',
      'format.tables must be one of markdown, html',
    ],
    [
      'chunking that is not an object',
      { file: 'https://example.com/a.pdf', format: { type: 'chunks', chunking: 512 } },
      'format.chunking',
      'format.chunking must be an object such as {"maxTokens": 512}',
    ],
    [
      'a maxTokens below the minimum',
      { file: 'https://example.com/a.pdf', format: { type: 'chunks', chunking: { maxTokens: 0 } } },
      'format.chunking.maxTokens',
      'format.chunking.maxTokens must be a whole number from 16 to 8192 (got 0)',
    ],
    [
      'a maxTokens above the maximum',
      { file: 'https://example.com/a.pdf', format: { type: 'chunks', chunking: { maxTokens: 100000 } } },
      'format.chunking.maxTokens',
      'format.chunking.maxTokens must be a whole number from 16 to 8192 (got 100000)',
    ],
    [
      'a maxTokens given as a string',
      { file: 'https://example.com/a.pdf', format: { type: 'chunks', chunking: { maxTokens: '512' } } },
      'format.chunking.maxTokens',
      'format.chunking.maxTokens must be a whole number from 16 to 8192 (got "512")',
    ],
    [
      'a fractional maxTokens',
      { file: 'https://example.com/a.pdf', format: { type: 'chunks', chunking: { maxTokens: 300.5 } } },
      'format.chunking.maxTokens',
      'format.chunking.maxTokens must be a whole number from 16 to 8192 (got 300.5)',
    ],
    [
      'an overlap over half of the default maxTokens',
      { file: 'https://example.com/a.pdf', format: { type: 'chunks', chunking: { overlapTokens: 300 } } },
      'format.chunking.overlapTokens',
      'format.chunking.overlapTokens must be a whole number from 0 to 256, half of maxTokens (512) (got 300)',
    ],
    [
      'an overlap over half of the given maxTokens',
      { file: 'https://example.com/a.pdf', format: { type: 'chunks', chunking: { maxTokens: 100, overlapTokens: 60 } } },
      'format.chunking.overlapTokens',
      'format.chunking.overlapTokens must be a whole number from 0 to 50, half of maxTokens (100) (got 60)',
    ],
    [
      'a negative overlap',
      { file: 'https://example.com/a.pdf', format: { type: 'chunks', chunking: { overlapTokens: -1 } } },
      'format.chunking.overlapTokens',
      'format.chunking.overlapTokens must be a whole number from 0 to 256, half of maxTokens (512) (got -1)',
    ],
    [
      'an unknown chunking strategy',
      { file: 'https://example.com/a.pdf', format: { type: 'chunks', chunking: { strategy: 'tokens' } } },
      'format.chunking.strategy',
      'format.chunking.strategy must be one of heading, size (got "tokens")',
    ],
    [
      'an unknown chunking option',
      { file: 'https://example.com/a.pdf', format: { type: 'chunks', chunking: { minTokens: 10 } } },
      'format.chunking.minTokens',
      'format.chunking.minTokens is not a known property',
    ],
  ])('refuses %s, naming the field', async (_label, body, field, message) => {
    const res = await post(body);
    expectProblem(res, 400, 'VALIDATION_FAILED');
    expect(res.body.errors).toEqual(expect.arrayContaining([{ field, message }]));
    expect(res.body.detail).toContain(message);
  });

  it('refuses malformed JSON', async () => {
    const res = await t.http().post('/format').set(auth).set('Content-Type', 'application/json').send('{"file": ');
    expectProblem(res, 400, 'MALFORMED_JSON');
    expect(Object.keys(res.body).sort()).toEqual(PROBLEM_KEYS);
  });

  it('refuses a JSON body that is not an object', async () => {
    const res = await t.http().post('/format').set(auth).set('Content-Type', 'application/json').send('["https://example.com"]');
    expectProblem(res, 400, 'MALFORMED_JSON');
  });
});

describe('other client errors', () => {
  it('answers 413 for a body over 1 MiB', async () => {
    const res = await post({ file: 'https://example.com/a.pdf', format: { type: 'text' }, padding: 'x'.repeat(1024 * 1024) });
    expectProblem(res, 413, 'PAYLOAD_TOO_LARGE');
  });

  it('answers 415 for a body that is not JSON', async () => {
    const res = await t.http().post('/format').set(auth).set('Content-Type', 'text/plain').send('file=https://example.com/a.pdf');
    expectProblem(res, 415, 'UNSUPPORTED_MEDIA_TYPE');
    expect(res.body.detail).toContain('text/plain');
  });

  it('answers 404 as a problem for an unknown route', async () => {
    const res = await t.http().get('/nope').set(auth);
    expectProblem(res, 404, 'NOT_FOUND');
  });

  it('answers 500 without stack traces or internals when something breaks', async () => {
    const jobs = t.app.get(ClientJobRepository);
    const spy = jest
      .spyOn(jobs, 'findForOwner')
      .mockRejectedValueOnce(new Error('connection to 10.1.2.3 lost at ClientJobRepository.findForOwner'));
    const res = await t.http().get('/job/7d4a2f2e-9a51-4c39-9d0e-1f3c5d9b0a11').set(auth);
    spy.mockRestore();
    expectProblem(res, 500, 'INTERNAL_ERROR');
    expect(Object.keys(res.body).sort()).toEqual(PROBLEM_KEYS);
    expect(JSON.stringify(res.body)).not.toMatch(/10\.1\.2\.3|JobRepository|at .*\.ts/);
  });
});
