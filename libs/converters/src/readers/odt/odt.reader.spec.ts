import { convertText } from '../../testing/convert-text';
import { convertFixture, failureCode, fixture } from '../../testing/fixtures';
import { claimingSize, truncated, withEntry, withoutEntry } from '../../testing/office-fixture-variants';

const ODT = 'application/vnd.oasis.opendocument.text';

const convertOdt = (bytes: Buffer) =>
  convertText({ bytes, contentType: ODT, fileName: 'report.odt', formats: ['text', 'markdown'], maxPages: 10 });

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

/** A content.xml with the given automatic styles and body text. */
const handWritten = (automaticStyles: string, body: string) => `<?xml version="1.0" encoding="UTF-8"?>
<office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0"
xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"
xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0"
xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0"
xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:xlink="http://www.w3.org/1999/xlink">
<office:automatic-styles>${automaticStyles}</office:automatic-styles>
<office:body><office:text>${body}</office:text></office:body>
</office:document-content>`;

describe('ODT reader: hand-written content.xml', () => {
  const markdownOf = async (styles: string, body: string) =>
    (await convertOdt(withEntry(fixture('office-docs/source.odt'), 'content.xml', handWritten(styles, body)))).outputs['markdown'];

  it('inherits bold through parent styles and does not double nested formats', async () => {
    const styles = `<style:style style:name="Loud" style:family="text"><style:text-properties fo:font-weight="700"/></style:style>
      <style:style style:name="T9" style:family="text" style:parent-style-name="Loud"/>
      <style:style style:name="Both" style:family="text"><style:text-properties fo:font-style="italic" fo:font-weight="bold"/></style:style>`;
    const markdown = await markdownOf(
      styles,
      '<text:p>a <text:span text:style-name="T9">b <text:span text:style-name="Loud">c</text:span></text:span> <text:span text:style-name="Both">d</text:span></text:p>',
    );
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

describe('ODT reader: list numbering (ODF 1.2 continue-list, continue-numbering, start-value)', () => {
  const NUMBERED = `<text:list-style style:name="N"><text:list-level-style-number text:level="1" style:num-format="1"/>
      <text:list-level-style-number text:level="2" style:num-format="1"/></text:list-style>
    <text:list-style style:name="From5"><text:list-level-style-number text:level="1" style:num-format="1" text:start-value="5"/></text:list-style>
    <text:list-style style:name="B"><text:list-level-style-bullet text:level="1" text:bullet-char="•"/></text:list-style>`;
  const item = (text: string, attributes = '', nested = '') =>
    `<text:list-item ${attributes}><text:p>${text}</text:p>${nested}</text:list-item>`;
  const list = (attributes: string, items: string) => `<text:list ${attributes}>${items}</text:list>`;
  const convertList = async (body: string) => {
    const bytes = withoutEntry(withEntry(fixture('office-docs/source.odt'), 'content.xml', handWritten(NUMBERED, body)), 'meta.xml');
    return (await convertOdt(bytes)).outputs as { markdown: string; text: string };
  };

  it('continues the list named by text:continue-list after a block that interrupts it (LibreOffice)', async () => {
    const code = list('text:style-name="B"', item('sudo mount /dev/sdb1'));
    const body =
      list('xml:id="list1" text:style-name="N"', item('One', 'text:start-value="1"') + item('Two')) +
      code +
      list('xml:id="list2" text:continue-list="list1" text:style-name="N"', item('Three') + item('Four')) +
      '<text:p>Between</text:p>' +
      list('text:continue-list="list2" text:style-name="N"', item('Five'));
    const { markdown, text } = await convertList(body);
    expect(markdown).toBe('1. One\n2. Two\n\n- sudo mount /dev/sdb1\n\n3. Three\n4. Four\n\nBetween\n\n5. Five\n');
    expect(text).toContain('3. Three\n4. Four');
  });

  it('continues the last list of the same style with text:continue-numbering, and restarts without it', async () => {
    const body =
      list('text:style-name="N"', item('One') + item('Two')) +
      '<text:p>Between</text:p>' +
      list('text:style-name="From5"', item('Five')) +
      list('text:continue-numbering="true" text:style-name="N"', item('Three')) +
      list('text:style-name="N"', item('Again'));
    const { markdown } = await convertList(body);
    expect(markdown).toBe('1. One\n2. Two\n\nBetween\n\n5. Five\n\n3. Three\n\n1. Again\n');
  });

  it("restarts at an item's text:start-value and restarts sub-lists under each new item", async () => {
    const sub = (a: string, b: string) => list('', item(a) + item(b));
    const body = list(
      'text:style-name="N"',
      item('a', '', sub('a.1', 'a.2')) + item('b', '', sub('b.1', 'b.2')) + item('ten', 'text:start-value="10"') + item('eleven'),
    );
    const { markdown } = await convertList(body);
    expect(markdown).toBe('1. a\n   1. a.1\n   2. a.2\n2. b\n   1. b.1\n   2. b.2\n\n10. ten\n11. eleven\n');
  });

  it("reads an item that holds only a nested list as the previous item's sub-list, with no number of its own", async () => {
    const body = list(
      'text:style-name="N"',
      item('a') +
        '<text:list-item><text:list><text:list-item><text:p>a.1</text:p></text:list-item></text:list></text:list-item>' +
        item('b'),
    );
    const { markdown } = await convertList(body);
    expect(markdown).toBe('1. a\n   1. a.1\n2. b\n');
  });
});

describe('ODT reader: malformed input', () => {
  const good = () => fixture('office-docs/source.odt');

  it.each([
    ['a truncated file', () => truncated(good())],
    ['a file with the wrong magic', () => Buffer.from('<office:document/>')],
    ['content.xml that is not XML', () => withEntry(good(), 'content.xml', '<office:document-content><text:p>unclosed')],
    [
      'content.xml without a text body',
      () => withEntry(good(), 'content.xml', '<office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0"/>'),
    ],
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
