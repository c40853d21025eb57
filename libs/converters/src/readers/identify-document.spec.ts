import { buildCfb, buildZip } from '@docformat/file-types/testing';
import { identifyDocument } from './identify-document';

/** The identified MIME type, over the types the readers declare (these cases came from the fetcher's tables, which this replaced). */
const detectMimeType = (bytes: Uint8Array, contentType: string | null, fileName: string | null) =>
  identifyDocument({ bytes, contentType, fileName }).mimeType;

const ascii = (text: string) => Buffer.from(text, 'latin1');
const bytes = (...values: number[]) => Buffer.from(values);

describe('identifyDocument: magic bytes', () => {
  it.each([
    ['PDF', ascii('%PDF-1.4\n%âãÏÓ\n'), 'application/pdf'],
    ['PDF after junk', Buffer.concat([Buffer.alloc(100, 0x20), ascii('%PDF-1.7')]), 'application/pdf'],
    ['PNG', bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13), 'image/png'],
    ['JPEG', bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10), 'image/jpeg'],
    ['GIF87a', ascii('GIF87a\x01\x00'), 'image/gif'],
    ['GIF89a', ascii('GIF89a\x01\x00'), 'image/gif'],
    ['WebP', ascii('RIFF\x24\x00\x00\x00WEBPVP8 '), 'image/webp'],
    ['TIFF little-endian', bytes(0x49, 0x49, 0x2a, 0, 8, 0, 0, 0), 'image/tiff'],
    ['TIFF big-endian', bytes(0x4d, 0x4d, 0, 0x2a, 0, 0, 0, 8), 'image/tiff'],
    ['gzip', bytes(0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0), 'application/gzip'],
    ['RTF', ascii('{\\rtf1\\ansi Hello}'), 'application/rtf'],
    ['OLE2 without known streams', buildCfb(['Something']), 'application/x-cfb'],
    ['Word 97', buildCfb(['1Table', 'WordDocument']), 'application/msword'],
    ['Excel 97', buildCfb(['Workbook']), 'application/vnd.ms-excel'],
    ['Excel 5', buildCfb(['Book']), 'application/vnd.ms-excel'],
    ['PowerPoint 97', buildCfb(['Current User', 'PowerPoint Document']), 'application/vnd.ms-powerpoint'],
    ['Outlook message', buildCfb(['__properties_version1.0']), 'application/vnd.ms-outlook'],
  ])('%s', (_label, data, expected) => {
    expect(detectMimeType(data, null, null)).toBe(expected);
  });

  it('beats the header and the extension', () => {
    expect(detectMimeType(ascii('%PDF-1.5'), 'text/html', 'page.html')).toBe('application/pdf');
  });
});

describe('identifyDocument: ZIP containers', () => {
  const ooxml = (dir: string) =>
    buildZip([
      { name: '[Content_Types].xml', data: '<Types/>' },
      { name: '_rels/.rels', data: '<Relationships/>' },
      { name: `${dir}/document.xml`, data: '<x/>' },
    ]);

  it.each([
    ['word', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ['xl', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    ['ppt', 'application/vnd.openxmlformats-officedocument.presentationml.presentation'],
  ])('OOXML with %s/', (dir, expected) => {
    expect(detectMimeType(ooxml(dir), 'application/zip', 'file.zip')).toBe(expected);
  });

  it.each([
    'application/vnd.oasis.opendocument.text',
    'application/vnd.oasis.opendocument.spreadsheet',
    'application/vnd.oasis.opendocument.presentation',
    'application/epub+zip',
  ])('ODF/EPUB declaring %s in its mimetype entry', (declared) => {
    const zip = buildZip([
      { name: 'mimetype', data: declared },
      { name: 'META-INF/manifest.xml', data: '<manifest/>' },
    ]);
    expect(detectMimeType(zip, null, null)).toBe(declared);
  });

  it('finds names by walking local headers when the central directory is missing', () => {
    const zip = ooxml('word');
    const truncated = zip.subarray(0, zip.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02])));
    expect(detectMimeType(truncated, null, null)).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
  });

  it('is a plain ZIP otherwise, unless the header or name says which ZIP-based type', () => {
    const zip = buildZip([{ name: 'readme.txt', data: 'hi' }]);
    expect(detectMimeType(zip, null, null)).toBe('application/zip');
    expect(detectMimeType(zip, null, 'report.docx')).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(detectMimeType(zip, 'text/html', 'report.pdf')).toBe('application/zip');
  });

  it('an empty ZIP is a ZIP', () => {
    expect(detectMimeType(buildZip([]), null, null)).toBe('application/zip');
  });

  it('a CFB file named .doc without known streams is taken at its word', () => {
    expect(detectMimeType(buildCfb([]), null, 'old.doc')).toBe('application/msword');
  });
});

describe('identifyDocument: markup and text sniffing', () => {
  it.each([
    ['<!DOCTYPE html><html><body>x</body></html>', 'text/html'],
    ['\n\n   <html lang="en">', 'text/html'],
    ['<HEAD><title>x</title>', 'text/html'],
    ['<?xml version="1.0"?><root/>', 'application/xml'],
    ['<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"/>', 'image/svg+xml'],
    ['<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml">', 'application/xhtml+xml'],
    ['<svg viewBox="0 0 1 1"></svg>', 'image/svg+xml'],
  ])('%j', (text, expected) => {
    expect(detectMimeType(Buffer.from(text), null, null)).toBe(expected);
  });

  it('sniffs markup behind a UTF-8 BOM and inside UTF-16', () => {
    expect(detectMimeType(Buffer.concat([bytes(0xef, 0xbb, 0xbf), ascii('<!doctype html>')]), null, null)).toBe('text/html');
    expect(detectMimeType(Buffer.concat([bytes(0xff, 0xfe), Buffer.from('<?xml version="1.0"?><a/>', 'utf16le')]), null, null)).toBe(
      'application/xml',
    );
  });

  it('a BOM alone means text, which a textual header may narrow', () => {
    const csv = Buffer.concat([bytes(0xef, 0xbb, 0xbf), ascii('a,b\n1,2\n')]);
    expect(detectMimeType(csv, null, null)).toBe('text/plain');
    expect(detectMimeType(csv, 'text/csv; charset=utf-8', null)).toBe('text/csv');
    expect(detectMimeType(csv, null, 'data.csv')).toBe('text/csv');
    expect(detectMimeType(csv, 'image/png', null)).toBe('text/plain');
  });

  it('XML may be narrowed to an XML-based type by the header', () => {
    expect(detectMimeType(ascii('<?xml version="1.0"?><rss/>'), 'application/rss+xml', null)).toBe('application/rss+xml');
  });
});

describe('identifyDocument: header, then file name', () => {
  it('uses the header, lowercased and without parameters', () => {
    expect(detectMimeType(ascii('{"a":1}'), 'Application/JSON; charset=UTF-8', 'x.txt')).toBe('application/json');
  });

  it('ignores "don\'t know" headers', () => {
    expect(detectMimeType(ascii('a,b'), 'application/octet-stream', 'data.csv')).toBe('text/csv');
    expect(detectMimeType(ascii('a,b'), 'binary/octet-stream', 'data.csv')).toBe('text/csv');
  });

  it('ignores malformed headers', () => {
    expect(detectMimeType(ascii('# Title'), 'garbage', 'notes.md')).toBe('text/markdown');
  });

  it('takes the extension of a URL path, not of its query', () => {
    expect(detectMimeType(ascii('x'), null, 'https://example.com/files/Report.DOCX?download=1.pdf')).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
  });

  it('plain UTF-8 text without any hint is text/plain', () => {
    expect(detectMimeType(Buffer.from('just some words, ünïcödé\n'), null, null)).toBe('text/plain');
  });

  it('unknown binary is application/octet-stream', () => {
    expect(detectMimeType(bytes(0x00, 0x01, 0x02, 0xff, 0xfe, 0x00), null, 'blob')).toBe('application/octet-stream');
    expect(detectMimeType(new Uint8Array(0), null, null)).toBe('application/octet-stream');
  });
});

describe('identifyDocument: the reader', () => {
  it.each([
    ['application/pdf', undefined, 'pdf'],
    ['application/xhtml+xml', undefined, 'html'],
    ['text/html; charset=iso-8859-1', 'page.php', 'html'],
    ['application/octet-stream', 'index.htm', 'html'],
    ['text/x-markdown', undefined, 'markdown'],
    ['text/plain', 'server.log', 'text'],
    ['text/plain', 'README.md', 'markdown'],
    ['application/octet-stream', 'report.PDF', 'pdf'],
  ])('%s + %s → %s', (contentType, fileName, expected) => {
    expect(identifyDocument({ bytes: ascii('words'), contentType, fileName })).toMatchObject({ reader: { name: expected } });
  });

  it('names the usual extension of the type, for metrics', () => {
    expect(identifyDocument({ bytes: ascii('%PDF-1.7'), contentType: 'application/octet-stream' }).extension).toBe('pdf');
    expect(identifyDocument({ bytes: ascii('a,b\n1,2\n'), contentType: 'application/octet-stream', fileName: 'data.csv' })).toMatchObject({
      mimeType: 'text/csv',
      extension: 'csv',
    });
    expect(identifyDocument({ bytes: Uint8Array.from([0, 1, 2]), contentType: null }).extension).toBeUndefined();
  });

  it('offers no reader for a type it only names, nor for unknown binary', () => {
    expect(identifyDocument({ bytes: buildCfb(['WordDocument']), fileName: 'old.doc' })).toEqual({
      mimeType: 'application/msword',
      extension: 'doc',
    });
    expect(
      identifyDocument({ bytes: Uint8Array.from([0, 1, 2, 0xff]), contentType: 'application/x-7z-compressed', fileName: 'a.7z' }).reader,
    ).toBeUndefined();
  });
});
