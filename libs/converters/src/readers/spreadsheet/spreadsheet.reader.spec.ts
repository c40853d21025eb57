import { withEntries } from '../../testing/office-fixture-variants';
import { convertText } from '../../testing/convert-text';
import { convertFixture, failureCode, fixture } from '../../testing/fixtures';
import { readAs } from '../../testing/read-as';
import { hiddenOdsTables } from './workbook-package';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const XLS = 'application/vnd.ms-excel';
const ODS = 'application/vnd.oasis.opendocument.spreadsheet';
const convert = (bytes: Buffer, mimeType: string, maxPages = 100) =>
  convertText({ bytes, contentType: mimeType, formats: ['markdown'], maxPages });

// One workbook (workbook.fods) rendered by LibreOffice into each format: the output must agree.
describe.each([
  { file: 'workbook.xlsx', mimeType: XLSX },
  { file: 'workbook.xls', mimeType: XLS },
  { file: 'workbook.ods', mimeType: ODS },
])('spreadsheet reader: $file', ({ file, mimeType }) => {
  let markdown: string;
  let text: string;
  let result: Awaited<ReturnType<typeof convertFixture>>;

  beforeAll(async () => {
    result = await convertFixture(`office-data/${file}`, mimeType);
    ({ markdown, text } = result.outputs as { markdown: string; text: string });
  });

  it('writes a ## section per visible sheet and skips the hidden one', () => {
    expect(markdown.match(/^##? .*$/gm)).toEqual(['# Regional Sales', '## Sales', '## Notes']);
    expect(markdown).not.toContain('Scratch');
    expect(markdown).not.toContain('Secret lookup value');
    expect(result.pages).toBe(2);
  });

  it('writes the displayed values: number, percent and date formats applied', () => {
    expect(markdown).toContain(
      '| Region | Closed | Revenue | Share |\n| --- | --- | --- | --- |\n' +
        '| North | 2024-03-15 | 1,234.50 | 12.5% |\n| South | 2024-04-02 | 987,654.32 | 87.5% |\n',
    );
  });

  it('keeps a merged value in its first cell and leaves the covered cell empty; a formula shows its result', () => {
    expect(markdown).toContain('| Merged total |  | 988,888.82 |  |\n\n## Notes');
  });

  it('trims the formatted empty columns and rows around the data', () => {
    const salesRows = markdown
      .split('## Notes')[0]
      .split('\n')
      .filter((line) => line.startsWith('|'));
    expect(salesRows).toHaveLength(5);
    for (const row of salesRows) expect(row.split(' |')).toHaveLength(5); // 4 cells + the rest after the last
  });

  it('escapes | in cells and keeps Unicode', () => {
    expect(markdown).toContain('| Pipes | a \\| b |\n| Unicode | Café, 日本語, €5 |');
    expect(text).toContain('Pipes\ta | b');
  });

  it('reads the document properties', () => {
    expect(result.metadata).toMatchObject({ title: 'Regional Sales', author: 'Grace Hopper', subject: 'Fixture workbook' });
    if (file !== 'workbook.ods') {
      // SheetJS reads only title, author and subject from an ODS meta.xml.
      expect(result.metadata).toMatchObject({
        keywords: 'sales',
        createdAt: '2024-03-01T09:30:00.000Z',
        modifiedAt: '2024-03-02T10:00:00.000Z',
      });
    }
  });

  it('fails with TOO_MANY_PAGES when there are more visible sheets than allowed', async () => {
    expect(await failureCode(convertFixture(`office-data/${file}`, mimeType, 1))).toBe('TOO_MANY_PAGES');
  });

  it('fails on a truncated file with CORRUPT_DOCUMENT', async () => {
    const bytes = fixture(`office-data/${file}`);
    expect(await failureCode(convert(bytes.subarray(0, Math.floor(bytes.length * 0.5)), mimeType))).toBe('CORRUPT_DOCUMENT');
  });

  it('fails on bytes that are not a spreadsheet with CORRUPT_DOCUMENT (SheetJS would read them as CSV)', async () => {
    expect(await failureCode(convert(Buffer.from('Region,Revenue\nNorth,1200\n'), mimeType))).toBe('CORRUPT_DOCUMENT');
  });
});

describe('spreadsheet reader: routing', () => {
  it('reads an .xlsx served as application/octet-stream by its extension', async () => {
    const result = await convertFixture('office-data/workbook.xlsx', 'application/octet-stream');
    expect(result.outputs['markdown']).toContain('| North | 2024-03-15 | 1,234.50 | 12.5% |');
  });

  it('reads a .csv labelled application/vnd.ms-excel (as Windows does) as CSV', async () => {
    const result = await convertFixture('office-data/semicolon.csv', XLS);
    expect(result.outputs['markdown']).toContain('| Smith, Jane | Lisbon | Line one line two | 12.5 |  |');
  });
});

describe('spreadsheet reader: malformed containers', () => {
  const cfb = (...parts: Buffer[]) => Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), ...parts]);

  it.each([
    {
      name: 'garbage xl/workbook.xml',
      bytes: () => withEntries(fixture('office-data/workbook.xlsx'), { 'xl/workbook.xml': '\u0000garbage<<' }),
      code: 'CORRUPT_DOCUMENT',
    },
    {
      name: 'garbage ODS content.xml',
      bytes: () => withEntries(fixture('office-data/workbook.ods'), { 'content.xml': '<office:document-content>garbage' }),
      code: 'CORRUPT_DOCUMENT',
    },
    { name: 'a ZIP without a workbook (a PPTX)', bytes: () => fixture('office-data/deck.pptx'), code: 'CORRUPT_DOCUMENT' },
    {
      name: 'an XLS whose workbook stream is garbage',
      bytes: () => garbled(fixture('office-data/workbook.xls')),
      code: 'CORRUPT_DOCUMENT',
    },
    { name: 'an empty compound file', bytes: () => cfb(Buffer.alloc(504)), code: 'CORRUPT_DOCUMENT' },
    { name: 'an encrypted XLSX', bytes: () => cfb(Buffer.alloc(64), Buffer.from('EncryptionInfo', 'utf16le')), code: 'ENCRYPTED_DOCUMENT' },
  ])('fails on $name with $code', async ({ bytes, code }) => {
    // Read as a workbook whatever it is: identification alone would read the PPTX as a deck.
    expect(await failureCode(readAs('spreadsheet', bytes()))).toBe(code);
  });

  it('refuses a zip bomb before inflating it', async () => {
    const bytes = Buffer.from(fixture('office-data/workbook.xlsx'));
    for (let at = bytes.indexOf('PK\x01\x02', 0, 'latin1'); at >= 0; at = bytes.indexOf('PK\x01\x02', at + 4, 'latin1'))
      bytes.writeUInt32LE(100 * 1024 * 1024, at + 24);
    expect(await failureCode(convert(bytes, XLSX))).toBe('FILE_TOO_LARGE');
  });
});

describe('hiddenOdsTables', () => {
  it('finds tables whose style hides them, ignoring self-closing styles and decoding names', () => {
    const xml =
      '<office:automatic-styles><style:style style:name="ta0" style:family="table"/>' +
      '<style:style style:name="ta1" style:family="table"><style:table-properties table:display="true"/></style:style>' +
      '<style:style style:name="ta2" style:family="table"><style:table-properties table:display="false"/></style:style>' +
      '</office:automatic-styles><office:body><table:table table:name="Shown" table:style-name="ta0">' +
      '<table:table table:name="A &amp; B" table:style-name="ta2"><table:table table:name="Visible" table:style-name="ta1">';
    expect([...hiddenOdsTables(xml)]).toEqual(['A & B']);
  });
});

/** The XLS with its sectors after the header overwritten: the CFB directory survives, the workbook does not. */
function garbled(bytes: Buffer): Buffer {
  const out = Buffer.from(bytes);
  for (let i = 1536; i < 5000; i++) out[i] = (i * 7919) & 0xff;
  return out;
}
