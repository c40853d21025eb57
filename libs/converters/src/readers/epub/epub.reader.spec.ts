import { unzipSync } from 'fflate';
import { convertText } from '../../testing/convert-text';
import { convertFixture, failureCode, fixture } from '../../testing/fixtures';
import { claimingSize, truncated, withEntry, withoutEntry } from '../../testing/office-fixture-variants';

const EPUB = 'application/epub+zip';
const OPF = 'EPUB/content.opf';

const convertEpub = (bytes: Buffer) =>
  convertText({ bytes, contentType: EPUB, fileName: 'book.epub', formats: ['text', 'markdown'], maxPages: 10 });
const good = () => fixture('office-docs/source.epub');
const opfText = () => new TextDecoder().decode(unzipSync(good())[OPF]);

describe('EPUB reader: pandoc book (source.epub)', () => {
  let markdown: string;
  let text: string;
  let metadata: Record<string, string | undefined>;

  beforeAll(async () => {
    const result = await convertFixture('office-docs/source.epub', EPUB);
    ({ markdown, text } = result.outputs as { markdown: string; text: string });
    metadata = { ...result.metadata };
    expect(result.pages).toBe(1);
  });

  it('reads the title page, then the chapter, with their headings', () => {
    expect(markdown.startsWith('# Quarterly Office Report\n\nGrace Hopper\n\n2024-03-15\n\n# Introduction\n')).toBe(true);
    expect(markdown).toMatch(/^## Key Points$/m);
    expect(markdown).toMatch(/^### Results Table$/m);
  });

  it('keeps lists, the table, links, emphasis and the footnote', () => {
    expect(markdown).toContain('- First bullet point\n  - Nested bullet detail\n- Second bullet point');
    expect(markdown).toContain('1. First numbered step\n2. Second numbered step');
    expect(markdown).toContain('| Region | Sales | Growth |\n| --- | --- | --- |\n| North | 120 | 5% |');
    expect(markdown).toContain('[project site](https://example.com/project)');
    expect(markdown).toContain('**bold findings** and *italic remarks*');
    expect(text).toContain('project site team.[1]');
    expect(markdown).toContain('---\n\n1. The footnote explains where the figures come from.');
    expect(markdown).not.toContain('↩');
  });

  it('writes images as a placeholder with their alt text', () => {
    expect(text).toContain('[Image: A tiny red square]');
    for (const output of [markdown, text]) expect(output).not.toMatch(/data:image|base64|media\/file0/);
    for (const markup of ['#', '**', '](']) expect(text).not.toContain(markup);
  });

  it('reads the OPF metadata', () => {
    expect(metadata).toEqual({
      title: 'Quarterly Office Report',
      author: 'Grace Hopper',
      subject: 'Office document fixtures',
      language: 'en-GB',
      createdAt: '2024-03-15T00:00:00.000Z',
      modifiedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
  });
});

describe('EPUB reader: spine and links', () => {
  it('follows the spine order, not the manifest order', async () => {
    const reversed = opfText().replace(
      /<itemref idref="title_page_xhtml"[^>]*\/>\s*<itemref idref="ch001_xhtml" \/>/,
      '<itemref idref="ch001_xhtml" /><itemref idref="title_page_xhtml" />',
    );
    expect(reversed).not.toBe(opfText());
    const { text } = (await convertEpub(withEntry(good(), OPF, reversed))).outputs as { text: string };
    expect(text.indexOf('Introduction')).toBeLessThan(text.indexOf('Grace Hopper'));
  });

  it('shows the title once when the first chapter opens with the title page heading', async () => {
    const chapter =
      '<html xmlns="http://www.w3.org/1999/xhtml"><body><section><h1>Quarterly  Office Report</h1><p>Opening text.</p><h2>Scope</h2></section></body></html>';
    const { markdown } = (await convertEpub(withEntry(good(), 'EPUB/text/ch001.xhtml', chapter))).outputs as { markdown: string };
    expect(markdown).toBe('# Quarterly Office Report\n\nGrace Hopper\n\n2024-03-15\n\nOpening text.\n\n## Scope\n');
  });

  it('keeps a chapter heading that repeats a heading of an ordinary page', async () => {
    const plain = (html: string) => html.replace(/epub:type="titlepage" class="titlepage"/, '');
    const titlePage = new TextDecoder().decode(unzipSync(good())['EPUB/text/title_page.xhtml']);
    const chapter = '<html xmlns="http://www.w3.org/1999/xhtml"><body><h1>Quarterly Office Report</h1><p>Opening text.</p></body></html>';
    const bytes = withEntry(withEntry(good(), 'EPUB/text/title_page.xhtml', plain(titlePage)), 'EPUB/text/ch001.xhtml', chapter);
    const { markdown } = (await convertEpub(bytes)).outputs as { markdown: string };
    expect(markdown.match(/^# Quarterly Office Report$/gm)).toHaveLength(2);
  });

  it('drops the target of links into the book and keeps web links', async () => {
    const chapter =
      '<html xmlns="http://www.w3.org/1999/xhtml"><body><p>See <a href="title_page.xhtml#top">the start</a> or <a href="https://example.org/">the web</a>.</p></body></html>';
    const { markdown } = (await convertEpub(withEntry(good(), 'EPUB/text/ch001.xhtml', chapter))).outputs as { markdown: string };
    expect(markdown).toContain('See the start or [the web](https://example.org/).');
  });
});

describe('EPUB reader: malformed and protected input', () => {
  it.each([
    ['a truncated file', () => truncated(good())],
    ['a file with the wrong magic', () => Buffer.from('%PDF-1.7 not an epub')],
    ['an OPF that is not XML', () => withEntry(good(), OPF, '<package><metadata>')],
    ['a missing container.xml', () => withoutEntry(good(), 'META-INF/container.xml')],
    ['a spine without chapters', () => withEntry(good(), OPF, opfText().replace(/<itemref[^>]*\/>/g, ''))],
    ['chapters missing from the archive', () => withoutEntry(withoutEntry(good(), 'EPUB/text/ch001.xhtml'), 'EPUB/text/title_page.xhtml')],
  ])('fails %s with CORRUPT_DOCUMENT', async (_case, bytes) => {
    expect(await failureCode(convertEpub(bytes()))).toBe('CORRUPT_DOCUMENT');
  });

  it('refuses a zip bomb', async () => {
    expect(await failureCode(convertEpub(claimingSize(good(), 0x20000000)))).toBe('FILE_TOO_LARGE');
  });

  it('reports DRM-encrypted chapters as ENCRYPTED_DOCUMENT, but not obfuscated fonts', async () => {
    const encryption = (
      uri: string,
    ) => `<encryption xmlns="urn:oasis:names:tc:opendocument:xmlns:container" xmlns:enc="http://www.w3.org/2001/04/xmlenc#">
      <enc:EncryptedData><enc:EncryptionMethod Algorithm="http://www.w3.org/2001/04/xmlenc#aes128-cbc"/>
      <enc:CipherData><enc:CipherReference URI="${uri}"/></enc:CipherData></enc:EncryptedData></encryption>`;
    expect(await failureCode(convertEpub(withEntry(good(), 'META-INF/encryption.xml', encryption('EPUB/text/ch001.xhtml'))))).toBe(
      'ENCRYPTED_DOCUMENT',
    );
    const fonts = await convertEpub(withEntry(good(), 'META-INF/encryption.xml', encryption('EPUB/fonts/serif.otf')));
    expect(fonts.outputs['text']).toContain('Introduction');
  });
});
