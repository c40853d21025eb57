import { outputFormatNames } from '../formats/registry';
import { convertDocument } from '../convert';
import { fixture } from '../testing/fixtures';
import { renderStoredDocument } from './render-stored';
import { parseStoredDocument, serializeDocument } from './stored-document';

describe('rendering from a stored document', () => {
  it.each([
    ['sample.pdf', {}],
    ['sample.html', { pageMarkers: true }],
    ['office-data/workbook.xlsx', { pageMarkers: true, chunking: { maxTokens: 64, overlapTokens: 8, strategy: 'size' as const } }],
  ])('gives %s in every format byte for byte as the conversion did (options %j)', async (name, options) => {
    const formats = [...outputFormatNames()];
    const converted = await convertDocument({ bytes: fixture(name), fileName: name, formats, maxPages: 10, options, keep: { tree: true } });
    const tree = converted.tree ?? '';
    expect(parseStoredDocument(tree).pages).toBe(converted.pages);
    for (const format of formats) {
      const { mediaType, body } = await renderStoredDocument({ tree, format, options });
      const output = converted.outputs[format];
      expect(mediaType).toBe(output?.mediaType);
      expect(body).toBe(
        typeof output?.body === 'string' && !mediaType.startsWith('application/json') ? output.body : JSON.stringify(output?.body),
      );
    }
  });

  it('refuses what is not a stored document, and unknown formats', async () => {
    expect(() => parseStoredDocument('[1, 2]')).toThrow('not a document tree');
    const tree = serializeDocument({ pages: 1, metadata: {}, blocks: [] });
    await expect(renderStoredDocument({ tree, format: 'pdf', options: {} })).rejects.toThrow('Unknown output format "pdf"');
  });
});
