import { documentReaders, knownTypes, supportedMimeTypes } from './registry';

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
    expect(new Set(documentReaders.map((r) => r.priority)).size).toBe(names.length);
  });

  it('names each reader by its first type in errors', () => {
    expect(supportedMimeTypes()).toEqual(documentReaders.map((r) => r.accepts[0].mimeTypes[0]));
    expect(supportedMimeTypes()).toEqual(expect.arrayContaining(['application/pdf', 'text/html', 'text/markdown', 'text/plain']));
  });

  it('knows every reader type once, with its reader, and the unread types without one', () => {
    const mimeTypes = knownTypes.flatMap((type) => type.mimeTypes);
    expect(new Set(mimeTypes).size).toBe(mimeTypes.length);
    expect(knownTypes.find((type) => type.mimeTypes.includes('application/msword'))?.reader).toBeUndefined();
    expect(knownTypes.find((type) => type.mimeTypes.includes('application/vnd.ms-excel'))?.reader?.name).toBe('spreadsheet');
  });

  it('loads a reader only when asked, and every manifest loads a module that reads', async () => {
    for (const reader of documentReaders) expect(typeof (await reader.load()).read).toBe('function');
  });
});
