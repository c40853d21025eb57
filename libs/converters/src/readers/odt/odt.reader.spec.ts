import { convertDocument } from '../../convert';
import { convertFixture, failureCode, fixture } from '../../testing/fixtures';
import { claimingSize, truncated, withEntry, withoutEntry } from '../shared/office-fixture-variants';

const ODT = 'application/vnd.oasis.opendocument.text';

const convertOdt = (bytes: Buffer) => convertDocument({ bytes, mimeType: ODT, fileName: 'report.odt', formats: ['text', 'markdown'], maxPages: 10 });

describe('ODT reader: pandoc document (source.odt)', () => {
  let markdown: string;
  let text: string;
  let metadata: Record<string, string | undefined>;

  beforeAll(async () => {
    const result = await convertFixture('office-docs/source.odt', ODT);
    ({ markdown, text } = result.outputs as { markdown: string; text: string });
    metadata = { ...result.metadata };
    expect(result.pages).toBe(1);
  });

  it('reads the Title paragraph and text:h outline levels as headings', () => {
    expect(markdown.startsWith('# Quarterly Office Report\n')).toBe(true);
    expect(markdown).toMatch(/^# Introduction$/m);
    expect(markdown).toMatch(/^## Key Points$/m);
    expect(markdown).toMatch(/^### Results Table$/m);
  });

  it('keeps nested bullets, numbered lists (from the list style), the table, links and emphasis', () => {
    expect(markdown).toContain('- First bullet point\n  - Nested bullet detail\n- Second bullet point');
    expect(markdown).toContain('1. First numbered step\n2. Second numbered step\n3. Third numbered step');
    expect(markdown).toContain('| Region | Sales | Growth |\n| --- | --- | --- |\n| North | 120 | 5% |');
    expect(markdown).toContain('[project site](https://example.com/project)');
    expect(markdown).toContain('**bold findings** and *italic remarks*');
  });

  it('marks the footnote in the text and lists it at the end', () => {
    expect(text).toContain('for the project site team.[1]');
    expect(markdown.trimEnd().endsWith('---\n\n1. The footnote explains where the figures come from.')).toBe(true);
  });

  it('writes images as a placeholder and text without markup', () => {
    expect(text).toContain('[Image]');
    for (const output of [markdown, text]) expect(output).not.toMatch(/data:image|base64|Pictures\//);
    for (const markup of ['#', '**', '](', '| ---']) expect(text).not.toContain(markup);
  });

  it('reads meta.xml', () => {
    expect(metadata).toMatchObject({
      title: 'Quarterly Office Report',
      author: 'Grace Hopper',
      subject: 'Office document fixtures',
      keywords: 'docx, odt, epub, rtf',
      language: 'en-GB',
      producer: 'Pandoc/2.17.1.1',
    });
    expect(metadata['createdAt']).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.000Z$/);
  });
});

describe('ODT reader: hand-written content.xml', () => {
  const content = (automaticStyles: string, body: string) => `<?xml version="1.0" encoding="UTF-8"?>
<office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0"
  xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"
  xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0"
  xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0"
  xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:xlink="http://www.w3.org/1999/xlink">
  <office:automatic-styles>${automaticStyles}</office:automatic-styles>
  <office:body><office:text>${body}</office:text></office:body>
</office:document-content>`;
  const markdownOf = async (styles: string, body: string) =>
    (await convertOdt(withEntry(fixture('office-docs/source.odt'), 'content.xml', content(styles, body)))).outputs['markdown'];

  it('inherits bold through parent styles and does not double nested formats', async () => {
    const styles = `<style:style style:name="Loud" style:family="text"><style:text-properties fo:font-weight="700"/></style:style>
      <style:style style:name="T9" style:family="text" style:parent-style-name="Loud"/>
      <style:style style:name="Both" style:family="text"><style:text-properties fo:font-style="italic" fo:font-weight="bold"/></style:style>`;
    const markdown = await markdownOf(styles, '<text:p>a <text:span text:style-name="T9">b <text:span text:style-name="Loud">c</text:span></text:span> <text:span text:style-name="Both">d</text:span></text:p>');
    // The title heading comes from meta.xml, which the fixture still has.
    expect(markdown).toBe('# Quarterly Office Report\n\na **b c** ***d***\n');
  });

  it('flattens covered cells, leaves comments out and keeps spaces, breaks and image titles', async () => {
    const body = `<table:table><table:table-row><table:table-cell table:number-columns-spanned="2"><text:p>Wide</text:p></table:table-cell>
        <table:covered-table-cell/><table:table-cell><text:p>C</text:p></table:table-cell></table:table-row>
      <table:table-row><table:table-cell><text:p>a</text:p><text:p>more</text:p></table:table-cell><table:table-cell table:number-columns-repeated="2"><text:p>x</text:p></table:table-cell></table:table-row></table:table>
      <text:p>one<text:s text:c="3"/>two<text:line-break/>three<office:annotation><text:p>HIDDEN COMMENT</text:p></office:annotation></text:p>
      <text:p><draw:frame><draw:image xlink:href="Pictures/0.png"/><svg:title>Company logo</svg:title></draw:frame></text:p>`;
    const markdown = await markdownOf('', body);
    expect(markdown).toContain('| Wide |  | C |\n| --- | --- | --- |\n| a more | x | x |');
    expect(markdown).toContain('one two  \nthree');
    expect(markdown).toContain('\\[Image: Company logo\\]');
    expect(markdown).not.toContain('HIDDEN COMMENT');
  });
});

describe('ODT reader: malformed input', () => {
  const good = () => fixture('office-docs/source.odt');

  it.each([
    ['a truncated file', () => truncated(good())],
    ['a file with the wrong magic', () => Buffer.from('<office:document/>')],
    ['content.xml that is not XML', () => withEntry(good(), 'content.xml', '<office:document-content><text:p>unclosed')],
    ['content.xml without a text body', () => withEntry(good(), 'content.xml', '<office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0"/>')],
    ['a ZIP without content.xml', () => withoutEntry(good(), 'content.xml')],
  ])('fails %s with CORRUPT_DOCUMENT', async (_case, bytes) => {
    expect(await failureCode(convertOdt(bytes()))).toBe('CORRUPT_DOCUMENT');
  });

  it('refuses an OpenDocument spreadsheet sent as text', async () => {
    const spreadsheet = withEntry(good(), 'mimetype', 'application/vnd.oasis.opendocument.spreadsheet');
    expect(await failureCode(convertOdt(spreadsheet))).toBe('UNSUPPORTED_DOCUMENT_TYPE');
  });

  it('refuses a zip bomb', async () => {
    expect(await failureCode(convertOdt(claimingSize(good(), 0x20000000)))).toBe('FILE_TOO_LARGE');
  });

  it('converts without styles.xml and meta.xml (they only refine the result)', async () => {
    const bare = withoutEntry(withoutEntry(good(), 'styles.xml'), 'meta.xml');
    const { outputs, metadata } = await convertOdt(bare);
    expect(outputs['markdown']).toContain('## Key Points');
    expect(metadata).toEqual({});
  });
});
