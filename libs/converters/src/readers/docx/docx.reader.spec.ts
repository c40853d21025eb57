import { convertText } from '../../testing/convert-text';
import { convertFixture, failureCode, fixture } from '../../testing/fixtures';
import { claimingSize, manyEntries, truncated, withEntry, withoutEntry } from '../../testing/office-fixture-variants';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

const convertDocx = (bytes: Buffer, fileName = 'report.docx') =>
  convertText({ bytes, contentType: DOCX, fileName, formats: ['text', 'markdown'], maxPages: 10 });

describe.each([
  ['pandoc', 'office-docs/source.docx', 'A tiny red square'],
  ['LibreOffice', 'office-docs/libreoffice.docx', undefined],
])('DOCX reader: %s (%s)', (_producer, file, alt) => {
  let markdown: string;
  let text: string;
  let metadata: Record<string, string | undefined>;

  beforeAll(async () => {
    // octet-stream: the extension picks the reader, as for a download without a type.
    const result = await convertFixture(file, 'application/octet-stream');
    ({ markdown, text } = result.outputs as { markdown: string; text: string });
    metadata = { ...result.metadata };
    expect(result.pages).toBe(1);
  });

  it('maps Title and Heading 1-3 to heading levels', () => {
    expect(markdown.startsWith('# Quarterly Office Report\n')).toBe(true);
    expect(markdown).toMatch(/^# Introduction$/m);
    expect(markdown).toMatch(/^## Key Points$/m);
    expect(markdown).toMatch(/^### Results Table$/m);
    expect(markdown).toMatch(/^## Conclusion$/m);
  });

  it('keeps lists, the table, links, emphasis and the footnote', () => {
    expect(markdown).toContain('- First bullet point\n  - Nested bullet detail\n- Second bullet point');
    expect(markdown).toContain('1. First numbered step\n2. Second numbered step\n3. Third numbered step');
    expect(markdown).toContain('| Region | Sales | Growth |\n| --- | --- | --- |\n| North | 120 | 5% |\n| South | 95 | 3% |');
    expect(markdown).toContain('[project site](https://example.com/project)');
    expect(markdown).toContain('**bold findings**');
    expect(markdown).toContain('*italic remarks*');
    expect(markdown).toContain('team.\\[1\\]');
    expect(markdown).toContain('---\n\n1. The footnote explains where the figures come from.');
  });

  it('writes images as a placeholder with their alt text, never their bytes', () => {
    expect(text).toContain(alt ? `[Image: ${alt}]` : '[Image]');
    for (const output of [markdown, text]) expect(output).not.toMatch(/data:image|base64|iVBOR/);
  });

  it('writes text without markup', () => {
    expect(text).toContain('Introduction\n\nThis report covers bold findings and italic remarks for the project site team.[1]');
    expect(text).toContain('Region\tSales\tGrowth\nNorth\t120\t5%');
    for (const markup of ['#', '**', '](', '| ---']) expect(text).not.toContain(markup);
  });

  it('reads docProps/core.xml', () => {
    expect(metadata).toMatchObject({
      title: 'Quarterly Office Report',
      author: 'Grace Hopper',
      subject: 'Office document fixtures',
      keywords: 'docx, odt, epub, rtf',
      language: 'en-GB',
    });
    expect(metadata['createdAt']).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.000Z$/);
    expect(metadata['modifiedAt']).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });
});

describe('DOCX reader: shapes, equations, numbered headings, checkboxes (features.docx)', () => {
  let markdown: string;
  let text: string;

  beforeAll(async () => {
    ({ markdown, text } = (await convertFixture('office-docs/features.docx', DOCX)).outputs as { markdown: string; text: string });
  });

  it('keeps the text of text boxes and shapes after the paragraph that anchors them, once', () => {
    expect(text).toContain(
      'This document is made mostly of shapes.\n\nDrawing text box first line\n\nDrawing text box second line\n\nAnchor of a shape with a fallback.',
    );
    // A Word 2010 shape repeats its text in a VML fallback: it is written once.
    expect(text).toContain('Anchor of a shape with a fallback.\n\nCallout text inside the shape\n\nParagraph after the callout.');
    expect(text.match(/Callout text inside the shape/g)).toHaveLength(1);
    expect(text).toContain('Old-style text box:\n\nLegacy VML box text');
    expect(text).toContain('A group of shapes:\n\nGroup box one\n\nGroup box two');
  });

  it('writes equations as LaTeX, $inline$ and $$display$$', () => {
    expect(text).toContain('Einstein wrote $E=mc^{2}$ in 1905.');
    expect(text).toContain('$$\\frac{a+b}{2}\\leq\\sqrt{x}+\\sqrt[3]{y}$$');
    expect(text).toContain('$$\\sum_{i=1}^{n}x_{i}=\\int_{0}^{\\infty}e^{-x}dx$$');
    expect(text).toContain('$$\\alpha+\\beta\\rightarrow\\left[\\frac{1}{2}\\right]\\times x_{0}^{2}$$');
    expect(text).toContain('$$A=\\begin{pmatrix}1 & 0 \\\\ 0 & 1\\end{pmatrix}, \\sin\\theta+\\hat{x}+\\overline{y}$$');
  });

  it('makes headings of paragraphs numbered by a list linked to heading styles, with their number, and of outline levels', () => {
    expect(markdown.match(/^#+ .*$/gm)).toEqual([
      '# Feature test document',
      '# 1 Introduction',
      '## 1.1 Scope', // w:numPr on the paragraph; the list level names Heading2
      '## 1.2 Terms',
      '# 2 Methods',
      '## Appendix notes', // a custom style with w:outlineLvl 1
      '## 2.1 Checklist',
    ]);
  });

  it('writes checkbox content controls as [x] / [ ] before their text', () => {
    expect(text).toContain('[x] Budget approved\n\n[ ] Contract signed');
    expect(markdown).toContain('\\[x\\] Budget approved');
  });
});

describe('DOCX reader: the same features as LibreOffice writes them (libreoffice-features.docx)', () => {
  it('keeps shape text, equations, numbered headings and checkboxes', async () => {
    const { markdown, text } = (await convertFixture('office-docs/libreoffice-features.docx', DOCX)).outputs as {
      markdown: string;
      text: string;
    };
    // LibreOffice writes every shape as a DrawingML choice with a VML fallback.
    for (const words of ['Drawing text box second line', 'Callout text inside the shape', 'Legacy VML box text', 'Group box two'])
      expect(text.split(words)).toHaveLength(2);
    expect(text).toContain('Einstein wrote $E=mc^{2}$ in 1905.');
    // LibreOffice writes functions as plain runs, not m:func.
    expect(text).toContain('$$A=\\begin{pmatrix}1 & 0 \\\\ 0 & 1\\end{pmatrix},\\sin\\theta+\\hat{x}+\\overline{y}$$');
    expect(markdown.match(/^#+ .*$/gm)).toEqual([
      '# Feature test document',
      '# 1 Introduction',
      '## 1.1 Scope',
      '## 1.2 Terms',
      '# 2 Methods',
      '## Appendix notes',
      '## 2.1 Checklist',
    ]);
    expect(text).toContain('[x] Budget approved\n\n[ ] Contract signed');
  });
});

describe('DOCX reader: merged cells and comments', () => {
  const documentXml = (body: string) =>
    `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`;
  const cell = (text: string, props = '') => `<w:tc><w:tcPr>${props}</w:tcPr><w:p><w:r><w:t>${text}</w:t></w:r></w:p></w:tc>`;

  it('flattens merged cells into a rectangle, content in the first cell', async () => {
    const table = `<w:tbl>
      <w:tr>${cell('Wide', '<w:gridSpan w:val="2"/>')}${cell('Tall', '<w:vMerge w:val="restart"/>')}</w:tr>
      <w:tr>${cell('a')}${cell('b')}${cell('', '<w:vMerge/>')}</w:tr>
    </w:tbl>`;
    const bytes = withEntry(fixture('office-docs/source.docx'), 'word/document.xml', documentXml(table));
    const { markdown } = (await convertDocx(bytes)).outputs as { markdown: string };
    expect(markdown).toContain('| Wide |  | Tall |\n| --- | --- | --- |\n| a | b |  |');
  });

  it('leaves comments out', async () => {
    const body =
      '<w:p><w:r><w:t xml:space="preserve">Visible </w:t></w:r><w:commentRangeStart w:id="0"/><w:r><w:t>text</w:t></w:r><w:commentRangeEnd w:id="0"/><w:r><w:commentReference w:id="0"/></w:r></w:p>';
    const comments =
      '<w:comments xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:comment w:id="0" w:author="Rev"><w:p><w:r><w:t>SECRET REVIEW NOTE</w:t></w:r></w:p></w:comment></w:comments>';
    const bytes = withEntry(
      withEntry(fixture('office-docs/source.docx'), 'word/document.xml', documentXml(body)),
      'word/comments.xml',
      comments,
    );
    const { text } = (await convertDocx(bytes)).outputs as { text: string };
    expect(text).toContain('Visible text');
    expect(text).not.toContain('SECRET REVIEW NOTE');
  });
});

describe('DOCX reader: malformed input', () => {
  const good = () => fixture('office-docs/source.docx');

  it.each([
    ['a truncated file', () => truncated(good())],
    ['a file with the wrong magic', () => Buffer.from('This is not a zip archive at all.')],
    ['an empty file', () => Buffer.alloc(0)],
    ['word/document.xml that is not XML', () => withEntry(good(), 'word/document.xml', '<w:document>\u0000garbage')],
    ['a ZIP without the Word parts', () => withoutEntry(withoutEntry(good(), 'word/document.xml'), '[Content_Types].xml')],
    ['a ZIP without word/document.xml', () => withoutEntry(good(), 'word/document.xml')],
  ])('fails %s with CORRUPT_DOCUMENT', async (_case, bytes) => {
    expect(await failureCode(convertDocx(bytes()))).toBe('CORRUPT_DOCUMENT');
  });

  it('refuses a zip bomb before inflating it', async () => {
    const failure = convertDocx(claimingSize(good(), 0x20000000));
    await expect(failure).rejects.toMatchObject({ code: 'FILE_TOO_LARGE', message: 'The archive expands to more than 200 MB.' });
  });

  it('refuses an archive with too many entries', async () => {
    expect(await failureCode(convertDocx(manyEntries(10_001)))).toBe('CORRUPT_DOCUMENT');
  });

  it('tells a legacy .doc and an encrypted DOCX apart (both OLE compound files)', async () => {
    const ole = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, ...Array(504).fill(0)]);
    expect(await failureCode(convertDocx(ole))).toBe('UNSUPPORTED_DOCUMENT_TYPE');
    const encrypted = Buffer.concat([ole, Buffer.from('EncryptionInfo', 'utf16le')]);
    expect(await failureCode(convertDocx(encrypted))).toBe('ENCRYPTED_DOCUMENT');
  });
});
