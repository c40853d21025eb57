import { JobFailure } from '@docformat/contracts';
import { type ConvertInput, convertDocument } from './convert';
import { convertText } from './testing/convert-text';
import { identifyDocument } from './readers/identify-document';
import { readerNamed, supportedMimeTypes } from './readers/registry';
import { failureCode, fixture } from './testing/fixtures';

const convert = (mimeType: string, formats = ['text'], maxPages = 1, fileName?: string) =>
  convertText({ bytes: Buffer.from('hello'), contentType: mimeType, fileName, formats, maxPages });

describe('convertDocument', () => {
  it('renders only the requested formats', async () => {
    await expect(convert('text/plain', ['markdown'])).resolves.toEqual({
      pages: 1,
      outputs: { markdown: 'hello\n' },
      metadata: {},
      warnings: [],
      detectedLanguages: [],
    });
  });

  it("gives the main languages of the document's text, detected from its tree", async () => {
    const result = await convertDocument({ bytes: fixture('languages/cp.de.pdf'), fileName: 'cp.de.pdf', formats: ['text'], maxPages: 10 });
    expect(result.detectedLanguages).toEqual([{ code: 'de', share: expect.any(Number) }]);
    expect(result.detectedLanguages[0].share).toBeGreaterThan(0.8);
  });

  it('fails with UNSUPPORTED_DOCUMENT_TYPE, naming the type and the supported ones', async () => {
    const run = convert('application/x-7z-compressed', ['text'], 1, 'a.7z');
    await expect(run).rejects.toBeInstanceOf(JobFailure);
    await expect(run).rejects.toThrow(
      `Documents of type application/x-7z-compressed are not supported; supported types are ${supportedMimeTypes().join(', ')}.`,
    );
    expect(supportedMimeTypes()).toContain('application/pdf');
    await expect(failureCode(run)).resolves.toBe('UNSUPPORTED_DOCUMENT_TYPE');
  });

  it('names application/octet-stream when nothing says what the bytes are', async () => {
    const run = convertText({ bytes: Buffer.from([0, 1, 2, 0xff]), formats: ['text'], maxPages: 1 });
    await expect(run).rejects.toThrow('Documents of type application/octet-stream are not supported');
  });

  it('applies maxPages to single-page documents too', async () => {
    await expect(failureCode(convert('text/html', ['text'], 0))).resolves.toBe('TOO_MANY_PAGES');
  });

  it('treats an unknown format name as a programming error, before reading', async () => {
    const run = convert('application/x-7z-compressed', ['docx']);
    await expect(run).rejects.toThrow('Unknown output format "docx"');
    await expect(run).rejects.not.toBeInstanceOf(JobFailure);
  });
});

describe('convertDocument: an identification given with the input', () => {
  const fixtureInput = (fileName: string, contentType: string | null): ConvertInput => ({
    bytes: fixture(fileName),
    contentType,
    fileName,
    formats: ['text', 'markdown', 'html', 'json'],
    maxPages: 20,
  });

  it('gives what identifying the document here gives', async () => {
    const inputs = [
      fixtureInput('sample.pdf', 'application/pdf'),
      fixtureInput('sample.md', 'text/markdown'),
      fixtureInput('sample.pdf', 'application/octet-stream'),
      fixtureInput('sample.md', null),
    ];
    for (const input of inputs) {
      const identified = identifyDocument(input);
      expect(await convertDocument({ ...input, identified })).toEqual(await convertDocument(input));
    }
  });

  it('is used instead of identifying the document again', async () => {
    // The claim alone would make this an unsupported 7z archive.
    const input = {
      bytes: Buffer.from('hello'),
      contentType: 'application/x-7z-compressed',
      fileName: 'a.7z',
      formats: ['text'],
      maxPages: 1,
    };
    await expect(failureCode(convertText(input))).resolves.toBe('UNSUPPORTED_DOCUMENT_TYPE');
    const result = await convertText({ ...input, identified: { mimeType: 'text/plain', reader: readerNamed('text') } });
    expect(result.outputs).toEqual({ text: 'hello\n' });
  });

  it('without a reader fails as an unidentified unsupported document does', async () => {
    const run = convertText({
      bytes: Buffer.from('hello'),
      formats: ['text'],
      maxPages: 1,
      identified: { mimeType: 'application/x-7z-compressed' },
    });
    await expect(run).rejects.toBeInstanceOf(JobFailure);
    await expect(run).rejects.toThrow(
      `Documents of type application/x-7z-compressed are not supported; supported types are ${supportedMimeTypes().join(', ')}.`,
    );
    await expect(failureCode(run)).resolves.toBe('UNSUPPORTED_DOCUMENT_TYPE');
  });
});
