import { convertText } from '../../testing/convert-text';
import { convertFixture, failureCode, fixture } from '../../testing/fixtures';
import { readAs } from '../../testing/read-as';

const convert = (bytes: Buffer, mimeType = 'text/csv', fileName?: string, contentType?: string) =>
  convertText({ bytes, contentType: contentType ?? mimeType, fileName, formats: ['text', 'markdown'], maxPages: 10 });

/** The rows of every delimiter fixture, as GFM: the widest row sets the width. */
const PEOPLE_MARKDOWN = [
  '| Name | City | Comment | Score |  |',
  '| --- | --- | --- | --- | --- |',
  '| Smith, Jane | Lisbon | Line one line two | 12.5 |  |',
  '| Bob | Oslo | a \\| b | 7 |  |',
  '| Short row | Paris |  |  |  |',
  '| Extra | Rome | wide | 1 | fifth cell |',
].join('\n');

describe('CSV reader: delimiters', () => {
  it.each([
    { file: 'comma.csv', mimeType: 'text/csv' },
    { file: 'semicolon.csv', mimeType: 'text/csv' },
    { file: 'pipe.csv', mimeType: 'text/csv' },
    { file: 'tabs.tsv', mimeType: 'text/tab-separated-values' },
    // Served without a useful type: the extension picks the reader.
    { file: 'semicolon.csv', mimeType: 'application/octet-stream' },
    { file: 'tabs.tsv', mimeType: 'text/plain' },
  ])(
    'reads $file ($mimeType) as one table: quoted delimiters and newlines in one cell, | escaped, ragged rows padded',
    async ({ file, mimeType }) => {
      const result = await convertFixture(`office-data/${file}`, mimeType);
      expect(result.pages).toBe(1);
      expect(result.metadata).toEqual({});
      expect(result.outputs['markdown']).toBe(`${PEOPLE_MARKDOWN}\n`);
      expect(result.outputs['text']).toContain('Smith, Jane\tLisbon\tLine one line two\t12.5\t\nBob\tOslo\ta | b\t7');
    },
  );

  it('keeps the line break of a quoted newline inside the cell', async () => {
    const result = await convertText({
      bytes: Buffer.from('a,b\n"x\ny",z\n'),
      contentType: 'text/csv',
      formats: ['markdown'],
      maxPages: 1,
    });
    expect(result.outputs['markdown']).toBe('| a | b |\n| --- | --- |\n| x y | z |\n');
  });

  it('trims empty trailing columns (trailing delimiters) and blank lines', async () => {
    const result = await convert(Buffer.from('a;b;;\n1;2;;\n\n;;;\n'));
    expect(result.outputs['markdown']).toBe('| a | b |\n| --- | --- |\n| 1 | 2 |\n');
  });

  it('renders an empty file as empty outputs', async () => {
    expect((await convert(Buffer.alloc(0))).outputs).toEqual({ text: '', markdown: '' });
  });
});

describe('CSV reader: encodings', () => {
  it.each([
    { file: 'utf16le-bom.csv', extra: '| 日本語 | Japanese |' },
    { file: 'windows-1252.csv', extra: '' },
  ])('decodes $file', async ({ file, extra }) => {
    const { outputs } = await convertFixture(`office-data/${file}`, 'text/csv');
    expect(outputs['markdown']).toContain(
      '| Word | Meaning |\n| --- | --- |\n| Café | coffee |\n| €5 | price |\n| “quoted” | smart quotes |',
    );
    expect(outputs['markdown']).toContain(extra);
  });

  it('detects Shift-JIS without a charset', async () => {
    const { outputs } = await convertFixture('office-data/shift-jis.csv', 'text/csv');
    expect(outputs['markdown']).toBe('| 名前 | 都市 |\n| --- | --- |\n| 日本語 | 東京 |\n| テスト | 大阪 |\n');
  });

  it('follows a declared charset instead of detecting', async () => {
    const declared = await convert(fixture('office-data/shift-jis.csv'), 'text/csv', undefined, 'text/csv; charset=Shift_JIS');
    expect(declared.outputs['markdown']).toContain('| 日本語 | 東京 |');
    // A wrong declaration is believed too (only a declared UTF-8 the bytes contradict is ignored).
    const wrong = await convert(fixture('office-data/shift-jis.csv'), 'text/csv', undefined, 'text/csv; charset=windows-1252');
    expect(wrong.outputs['markdown']).not.toContain('日本語');
  });
});

describe('CSV reader: malformed input', () => {
  it.each([
    { name: 'binary data (an XLSX sent as CSV)', bytes: () => fixture('office-data/workbook.xlsx') },
    { name: 'a file cut inside a quoted field', bytes: () => fixture('office-data/comma.csv').subarray(0, 50) },
    { name: 'a quote that never closes', bytes: () => Buffer.from('a,b\n"open,1\n2,3\n') },
  ])('fails on $name with CORRUPT_DOCUMENT', async ({ bytes }) => {
    // Read as CSV whatever it is: identification alone would read the XLSX as a workbook.
    expect(await failureCode(readAs('csv', bytes()))).toBe('CORRUPT_DOCUMENT');
  });

  it('fails with FILE_TOO_LARGE past a million cells', async () => {
    const row = `${Array.from({ length: 1001 }, () => 'x').join(',')}\n`;
    expect(await failureCode(convert(Buffer.from(row.repeat(1000))))).toBe('FILE_TOO_LARGE');
  });
});
