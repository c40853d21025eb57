import type { FileType } from './file-type';
import { identifyFile } from './identify-file';
import { buildCfb, buildZip } from './testing/containers';

/** A small catalog, most specific first, as the readers' manifests give one. */
const PDF: FileType = {
  mimeTypes: ['application/pdf'],
  extensions: ['pdf'],
  magic: [{ patterns: [{ at: 0, bytes: '%PDF-' }], searchWithin: 1024 }],
};
const DOCX: FileType = {
  mimeTypes: ['application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  extensions: ['docx'],
  zip: { entries: ['word/'] },
};
const ODT: FileType = { mimeTypes: ['application/vnd.oasis.opendocument.text'], extensions: ['odt'], zip: { entries: [] } };
const DOC: FileType = { mimeTypes: ['application/msword'], extensions: ['doc'], cfb: { streams: ['WordDocument'] } };
const MSG: FileType = { mimeTypes: ['application/vnd.ms-outlook'], extensions: ['msg'], cfb: { streams: ['__properties_version1.0'] } };
const MARKDOWN: FileType = { mimeTypes: ['text/markdown'], extensions: ['md'] };
const CSV: FileType = { mimeTypes: ['text/csv'], extensions: ['csv'] };
const ZIP: FileType = { mimeTypes: ['application/zip'], extensions: ['zip'] };
const TEXT: FileType = { mimeTypes: ['text/plain'], extensions: ['txt'] };
const TYPES = [PDF, DOCX, ODT, DOC, MSG, MARKDOWN, CSV, ZIP, TEXT];

const identify = (bytes: Uint8Array, mimeType?: string | null, fileName?: string | null) =>
  identifyFile({ bytes, contentType: mimeType, fileName }, TYPES, (type) => type !== DOC);
const ascii = (text: string) => Buffer.from(text, 'latin1');

describe('identifyFile', () => {
  it('believes the bytes over the claim, and names the usual extension', () => {
    expect(identify(ascii('%PDF-1.7'), 'text/html', 'page.html')).toEqual({ mimeType: 'application/pdf', extension: 'pdf', type: PDF });
  });

  it('looks into ZIPs and compound files for the entries and streams the types declare', () => {
    expect(identify(buildZip([{ name: 'word/document.xml', data: '<w/>' }])).type).toBe(DOCX);
    expect(identify(buildZip([{ name: 'mimetype', data: ODT.mimeTypes[0] }])).type).toBe(ODT);
    expect(identify(buildCfb(['__properties_version1.0'])).type).toBe(MSG);
    expect(identify(buildZip([{ name: 'a.txt', data: 'x' }])).type).toBe(ZIP);
  });

  it('lets a claim narrow a container of its kind, and only that', () => {
    const zip = buildZip([{ name: 'a.txt', data: 'x' }]);
    expect(identify(zip, null, 'report.odt').mimeType).toBe(ODT.mimeTypes[0]);
    expect(identify(zip, 'text/csv', 'report.pdf').mimeType).toBe('application/zip');
    expect(identify(buildCfb([]), null, 'old.doc').mimeType).toBe('application/msword');
  });

  it('names a type it may not read, and then offers none to read it as', () => {
    expect(identify(buildCfb(['WordDocument']))).toEqual({ mimeType: 'application/msword', extension: 'doc' });
  });

  it('lets the extension win over a generic type, and falls back to it', () => {
    expect(identify(ascii('# Title'), 'text/plain', 'README.md')).toMatchObject({ mimeType: 'text/plain', type: MARKDOWN });
    expect(identify(ascii('a,b'), 'application/octet-stream', 'https://host/data.csv?x=1.pdf')).toMatchObject({
      mimeType: 'text/csv',
      type: CSV,
    });
    expect(identify(ascii('words'), 'text/plain', 'data.bin')).toMatchObject({ mimeType: 'text/plain', type: TEXT });
  });

  it('is text/plain for UTF-8 without a hint, octet-stream for anything else', () => {
    expect(identify(Buffer.from('ünïcödé\n'))).toMatchObject({ mimeType: 'text/plain', type: TEXT });
    expect(identify(Uint8Array.from([0, 1, 2, 0xff]), null, 'blob')).toEqual({ mimeType: 'application/octet-stream' });
  });
});
