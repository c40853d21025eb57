import { convertText } from '../../testing/convert-text';
import { convertFixture, failureCode, fixture } from '../../testing/fixtures';
import { truncated } from '../../testing/office-fixture-variants';

const convertRtf = (source: string | Buffer) =>
  convertText({
    bytes: Buffer.isBuffer(source) ? source : Buffer.from(source, 'latin1'),
    contentType: 'application/rtf',
    fileName: 'doc.rtf',
    formats: ['text', 'markdown'],
    maxPages: 10,
  });
const markdownOf = async (source: string) => (await convertRtf(source)).outputs['markdown'];

describe.each([
  ['pandoc', 'office-docs/source.rtf'],
  ['LibreOffice', 'office-docs/libreoffice.rtf'],
])('RTF reader: %s (%s)', (producer, file) => {
  let markdown: string;
  let text: string;
  let metadata: Record<string, string | undefined>;

  beforeAll(async () => {
    const result = await convertFixture(file, 'text/rtf');
    ({ markdown, text } = result.outputs as { markdown: string; text: string });
    metadata = { ...result.metadata };
    expect(result.pages).toBe(1);
  });

  it('reads headings from \\outlinelevel or the "heading N" styles', () => {
    expect(markdown).toMatch(/^# Introduction$/m);
    expect(markdown).toMatch(/^## Key Points$/m);
    expect(markdown).toMatch(/^### Results Table$/m);
    expect(markdown).toMatch(/^## Conclusion$/m);
  });

  it('reads bullets (nested by \\ilvl or indent), numbered items, the table, links and emphasis', () => {
    expect(markdown).toContain('- First bullet point\n  - Nested bullet detail\n- Second bullet point');
    expect(markdown).toContain('1. First numbered step\n2. Second numbered step\n3. Third numbered step');
    expect(markdown).toContain('| Region | Sales | Growth |\n| --- | --- | --- |\n| North | 120 | 5% |\n| South | 95 | 3% |');
    expect(markdown).toContain('[project site](https://example.com/project)');
    expect(markdown).toContain('**bold findings** and *italic remarks*');
  });

  it('marks the footnote and lists it at the end; pictures are a placeholder', () => {
    expect(text).toContain('project site team.[1]');
    expect(markdown).toContain('---\n\n1. The footnote explains where the figures come from.');
    expect(text).toContain('[Image]');
    for (const output of [markdown, text]) expect(output).not.toMatch(/89504e47|fonttbl|Helvetica|Times New Roman|PAGE/);
    for (const markup of ['#', '**', '](', '| ---']) expect(text).not.toContain(markup);
  });

  it('reads \\info when the producer writes it', () => {
    if (producer === 'pandoc') {
      // pandoc's RTF has no \info and no styles: the title is only a bold paragraph.
      expect(metadata).toEqual({});
      expect(markdown.startsWith('**Quarterly Office Report**\n')).toBe(true);
    } else {
      expect(metadata).toMatchObject({
        title: 'Quarterly Office Report',
        author: 'Grace Hopper',
        subject: 'Office document fixtures',
        keywords: 'docx, odt, epub, rtf',
      });
      expect(metadata['createdAt']).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00\.000Z$/);
      expect(markdown.startsWith('# Quarterly Office Report\n')).toBe(true);
    }
  });
});

describe('RTF reader: encoding and destinations', () => {
  it("decodes \\uN (skipping \\ucN fallbacks) and \\'hh in the \\ansicpg or font code page", async () => {
    const markdown = await markdownOf(
      "{\\rtf1\\ansi\\ansicpg1252{\\fonttbl{\\f0 Arial;}{\\f1\\fcharset204 Arial Cyr;}}\\f0 Caf\\'e9 \\'80 \\u8364\\'80 \\uc2\\u27700\\'a4\\'f4 x {\\f1 \\'cf\\'f0\\'e8\\'e2\\'e5\\'f2}\\par}",
    );
    expect(markdown).toBe('Café € € 水 x Привет\n');
  });

  it('reads \\info, skips unknown \\* destinations, headers, hidden text and comments', async () => {
    const source = [
      '{\\rtf1\\ansi{\\info{\\title Annual Report}{\\author Ada Lovelace}{\\creatim\\yr2024\\mo3\\dy15\\hr9\\min30}}',
      '{\\header Running head\\par}{\\*\\unknowndest SKIPPED}{\\*\\generator Riched20 10.0;}',
      'Visible {\\v hidden} text{\\*\\annotation REVIEW NOTE}. Braces \\{ and \\} and \\\\ stay.\\par}',
    ].join('\n');
    const { outputs, metadata } = await convertRtf(source);
    expect(outputs['markdown']).toBe('# Annual Report\n\nVisible text. Braces { and } and \\\\ stay.\n');
    expect(metadata).toEqual({
      title: 'Annual Report',
      author: 'Ada Lovelace',
      producer: 'Riched20 10.0',
      createdAt: '2024-03-15T09:30:00.000Z',
    });
  });

  it('uses \\trhdr for the header row and keeps line breaks out of cells', async () => {
    const row = (cells: string[], header = '') =>
      `\\trowd${header}\\cellx1000\\cellx2000 ${cells.map((cell) => `\\pard\\intbl ${cell}\\cell`).join(' ')}\\row`;
    const markdown = await markdownOf(`{\\rtf1 ${row(['Name', 'Value'], '\\trhdr')} ${row(['a\\line b', 'c | d'])}\\pard After\\par}`);
    expect(markdown).toBe('| Name | Value |\n| --- | --- |\n| a b | c \\| d |\n\nAfter\n');
  });

  it('reads heading styles from the stylesheet and lists from \\listtext', async () => {
    const markdown = await markdownOf(
      [
        '{\\rtf1{\\stylesheet{\\s0 Normal;}{\\s2\\sbasedon0 heading 2;}{\\*\\cs10 Default Paragraph Font;}}',
        '\\pard\\s2 Section\\par',
        '\\pard{\\listtext a)\\tab}\\ilvl0 One\\par',
        '\\pard{\\listtext \\u8226 ?\\tab}\\ilvl1 Sub\\par}',
      ].join('\n'),
    );
    expect(markdown).toBe('## Section\n\n1. One\n   - Sub\n');
  });
});

describe('RTF reader: list numbers (as the writer counted them in its markers)', () => {
  it('continues a numbered list after a code block from the \\listtext numbers (Word, LibreOffice)', async () => {
    const item = (label: string, text: string, level = 0) =>
      `\\pard{\\listtext\\pard\\plain ${label}\\tab}\\ilvl${level}\\ls3 ${text}\\par`;
    const markdown = await markdownOf(
      `{\\rtf1 ${item('1.', 'One')} ${item('2.', 'Two')} \\pard\\li720 sudo mount /dev/sdb1\\par ${item('3.', 'Three')} ${item('4.', 'Four')}}`,
    );
    expect(markdown).toBe('1. One\n2. Two\n\nsudo mount /dev/sdb1\n\n3. Three\n4. Four\n');
    const { text } = (
      await convertRtf(`{\\rtf1 \\pard Note\\par ${item('(c)', 'Third')} ${item('iv)', 'Fourth')} ${item('1.1', 'Sub', 1)}}`)
    ).outputs as { text: string };
    expect(text).toContain('3. Third\n4. Fourth\n   1. Sub');
  });

  it('starts at the number pandoc writes into the text and splits a list where a number does not follow on', async () => {
    const item = (label: string, text: string) => `{\\pard \\ql \\li360 \\fi-360 ${label}\\tx360\\tab ${text}\\par}`;
    const markdown = await markdownOf(
      `{\\rtf1 ${item('1.', 'One')} {\\pard Between\\par} ${item('3.', 'Three')} ${item('4.', 'Four')} ${item('1.', 'Again')}}`,
    );
    expect(markdown).toBe('1. One\n\nBetween\n\n3. Three\n4. Four\n\n1. Again\n');
  });
});

describe('RTF reader: malformed input', () => {
  it.each([
    ['a truncated file', () => truncated(fixture('office-docs/source.rtf'), 0.5)],
    ['a file with the wrong magic', () => Buffer.from('{\\rtx1 not rtf}')],
    ['unbalanced groups', () => Buffer.from('{\\rtf1\\ansi {\\b bold never closed\\par')],
    ['\\bin data running past the end', () => Buffer.from('{\\rtf1 {\\pict\\bin999999 abc}}')],
    ['groups nested too deep', () => Buffer.from(`{\\rtf1 ${'{'.repeat(5000)}x${'}'.repeat(5000)}}`)],
  ])('fails %s with CORRUPT_DOCUMENT', async (_case, bytes) => {
    expect(await failureCode(convertRtf(bytes()))).toBe('CORRUPT_DOCUMENT');
  });

  it('reads binary garbage inside a valid RTF without crashing', async () => {
    const garbage = Buffer.from(Array.from({ length: 20_000 }, (_, i) => (i * 7919 + 13) % 256).filter((b) => b !== 0x7b && b !== 0x7d));
    const result = await convertRtf(Buffer.concat([Buffer.from('{\\rtf1\\ansi '), garbage, Buffer.from('}')]));
    expect(result.pages).toBe(1);
  });

  it('ignores what follows the closing brace', async () => {
    expect(await markdownOf('{\\rtf1 Body\\par}\u0000\u0000trailing junk')).toBe('Body\n');
  });
});
