import { fileExtension, matchReader, normalizeMimeType } from './match-reader';
import type { DocumentReader } from './reader';
import { documentReaders, findReader, supportedMimeTypes } from './registry';

const reader = (name: string, mimeTypes: string[], extensions: string[]): DocumentReader => ({
  name,
  accepts: { mimeTypes, extensions },
  read: () => Promise.reject(new Error('not used')),
});

describe('matchReader', () => {
  const readers = [reader('pdf', ['application/pdf'], ['pdf']), reader('md', ['text/markdown'], ['md']), reader('text', ['text/plain'], ['txt'])];
  const pick = (mime: string | undefined, file?: string) => matchReader(readers, mime, file)?.name;

  it('picks by a specific MIME type, ignoring parameters and case', () => {
    expect(pick('Application/PDF; name=x')).toBe('pdf');
    expect(pick('text/markdown', 'notes.txt')).toBe('md');
  });

  it('lets the extension win over a generic MIME type', () => {
    expect(pick('text/plain', 'README.md')).toBe('md');
    expect(pick('application/octet-stream', 'report.PDF')).toBe('pdf');
    expect(pick('', 'https://host/a/report.pdf?download=1')).toBe('pdf');
  });

  it('falls back to the generic MIME type, then gives up', () => {
    expect(pick('text/plain', 'data.bin')).toBe('text');
    expect(pick('application/x-7z-compressed', 'archive.7z')).toBeUndefined();
    expect(pick(undefined)).toBeUndefined();
  });
});

describe('reader registry', () => {
  it('lists readers in priority order: specific formats first, generic zip and plain text last', () => {
    const names = documentReaders.map((r) => r.name);
    expect(names[0]).toBe('pdf');
    expect(names.slice(-2)).toEqual(['zip', 'text']);
    // Zip-based formats must win over the generic zip reader.
    for (const zipBased of ['docx', 'odt', 'epub', 'pptx', 'spreadsheet']) {
      expect(names.indexOf(zipBased)).toBeLessThan(names.indexOf('zip'));
    }
    expect(new Set(names).size).toBe(names.length);
    expect(supportedMimeTypes()).toEqual(documentReaders.map((r) => r.accepts.mimeTypes[0]));
    expect(supportedMimeTypes()).toEqual(expect.arrayContaining(['application/pdf', 'text/html', 'text/markdown', 'text/plain']));
  });

  it.each([
    ['application/pdf', undefined, 'pdf'],
    ['application/xhtml+xml', undefined, 'html'],
    ['text/html; charset=iso-8859-1', 'page.php', 'html'],
    ['application/octet-stream', 'index.htm', 'html'],
    ['text/x-markdown', undefined, 'markdown'],
    ['text/plain', 'server.log', 'text'],
  ])('%s + %s → %s', (mime, file, expected) => {
    expect(findReader(mime, file)?.name).toBe(expected);
  });
});

describe('helpers', () => {
  it('normalizes MIME types and extracts extensions', () => {
    expect(normalizeMimeType(' Text/HTML ; charset=UTF-8')).toBe('text/html');
    expect(normalizeMimeType(undefined)).toBe('');
    expect(fileExtension('dir.v2/Report.Final.PDF')).toBe('pdf');
    expect(fileExtension('.bashrc')).toBe('');
    expect(fileExtension('Makefile')).toBe('');
  });
});
