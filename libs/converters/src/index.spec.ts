/**
 * The API imports this package to validate format names; it must not pay for the
 * parsers. Each heavy module is replaced by a factory that records when it loads.
 */
const mockLoaded: string[] = [];

jest.mock('pdfjs-dist/legacy/build/pdf.mjs', () => {
  mockLoaded.push('pdfjs-dist');
  return jest.requireActual('pdfjs-dist/legacy/build/pdf.mjs');
});
jest.mock('pdfjs-dist/legacy/build/pdf.worker.mjs', () => {
  mockLoaded.push('pdfjs-dist worker');
  return jest.requireActual('pdfjs-dist/legacy/build/pdf.worker.mjs');
});
jest.mock(
  'pdf-parse',
  () => {
    mockLoaded.push('pdf-parse');
    return {};
  },
  { virtual: true },
);
jest.mock('node-html-parser', () => {
  mockLoaded.push('node-html-parser');
  return jest.requireActual('node-html-parser');
});
jest.mock('markdown-it', () => {
  mockLoaded.push('markdown-it');
  return jest.requireActual('markdown-it');
});
jest.mock('turndown', () => {
  mockLoaded.push('turndown');
  return jest.requireActual('turndown');
});
jest.mock('@e965/xlsx', () => {
  mockLoaded.push('@e965/xlsx');
  return jest.requireActual('@e965/xlsx');
});
jest.mock('papaparse', () => {
  mockLoaded.push('papaparse');
  return jest.requireActual('papaparse');
});
jest.mock('chardet', () => {
  mockLoaded.push('chardet');
  return jest.requireActual('chardet');
});
jest.mock('mammoth', () => {
  mockLoaded.push('mammoth');
  return jest.requireActual('mammoth');
});
jest.mock('fflate', () => {
  mockLoaded.push('fflate');
  return jest.requireActual('fflate');
});
jest.mock('@xmldom/xmldom', () => {
  mockLoaded.push('@xmldom/xmldom');
  return jest.requireActual('@xmldom/xmldom');
});
jest.mock('postal-mime', () => {
  mockLoaded.push('postal-mime');
  return jest.requireActual('postal-mime');
});
jest.mock('@kenjiuno/msgreader', () => {
  mockLoaded.push('@kenjiuno/msgreader');
  return jest.requireActual('@kenjiuno/msgreader');
});
jest.mock('gpt-tokenizer/encoding/cl100k_base', () => {
  mockLoaded.push('gpt-tokenizer');
  return jest.requireActual('gpt-tokenizer/encoding/cl100k_base');
});
jest.mock('image-size', () => {
  mockLoaded.push('image-size');
  return jest.requireActual('image-size');
});
jest.mock('franc', () => {
  mockLoaded.push('franc');
  return jest.requireActual('franc');
});

describe('@docformat/converters index', () => {
  beforeEach(() => {
    mockLoaded.length = 0;
    jest.resetModules();
  });

  it('loads no parser when imported, nor through the names-only entry', () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the import under test
    const converters = require('./index') as typeof import('./index');
    expect(converters.outputFormatNames()).toEqual(['text', 'markdown', 'html', 'json', 'chunks']);
    expect(converters.isOutputFormat('markdown')).toBe(true);
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the import under test
    const names = require('./names') as typeof import('./names');
    expect(names.outputFormatNames()).toEqual(['text', 'markdown', 'html', 'json', 'chunks']);
    expect(names.documentSchema).toMatchObject({ $schema: 'https://json-schema.org/draft/2020-12/schema' });
    expect(mockLoaded).toEqual([]);
  });

  it('loads pdf.js on the first PDF conversion (the recorder works)', async () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the import under test
    const { convertDocument } = require('./index') as typeof import('./index');
    await expect(
      convertDocument({ bytes: Buffer.from('%PDF-1.4 broken'), contentType: 'application/pdf', formats: ['text'], maxPages: 1 }),
    ).rejects.toMatchObject({ code: 'CORRUPT_DOCUMENT' });
    expect(mockLoaded).toEqual(expect.arrayContaining(['pdfjs-dist', 'pdfjs-dist worker']));
    expect(mockLoaded).not.toContain('pdf-parse');
  });
});
