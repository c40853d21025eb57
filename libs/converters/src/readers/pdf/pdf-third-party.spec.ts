import { join } from 'node:path';
import { renderFile } from '../../testing/fixtures';

/**
 * Headings a PDF declares apart from its drawing, on third-party files from the
 * benchmark's development half (libs/converters/bench/third-party, sources and licences
 * in its SOURCES.md): a LaTeX manual's outline, LibreOffice exports' tag trees, and a
 * statistical table set sideways (camelot's tests).
 */
const CORPUS = join(__dirname, '../../../bench/third-party/corpus');

const markdownOf = async (file: string, declaredStructure = true) =>
  (await renderFile(join(CORPUS, file), 'application/pdf', 'markdown', undefined, { declaredStructure })) as string;

const headings = (markdown: string) => markdown.split('\n').filter((line) => /^#{1,6} /.test(line));

describe('a manual with bookmarks (mpich-doc user.pdf, pdfTeX)', () => {
  let markdown: string;
  beforeAll(async () => (markdown = await markdownOf('debian/mpich-doc/user.pdf')));

  it('levels its headings as the outline does, numbered sections found by their titles', () => {
    expect(headings(markdown)).toEqual(
      expect.arrayContaining([
        '# 1 Introduction',
        '# 2 Getting Started with MPICH',
        '## 2.1 Default Runtime Environment',
        '### 5.4.1 mpiexec arguments for gforker',
        '# 8 Checkpointing',
      ]),
    );
  });

  it('finds a title that wraps over two lines as one heading', () => {
    expect(markdown).toMatch(/^## 5\.4 Extensions for the gforker Process Management Envi- ?ronment$/m);
  });

  it('never takes a contents entry for the heading it points to', () => {
    expect(headings(markdown).filter((line) => line.endsWith('Introduction'))).toEqual(['# 1 Introduction']);
  });
});

describe('a tagged LibreOffice export (fonts-sil-taiheritagepro Future-THP-Modifications.pdf)', () => {
  it('takes the levels its tag tree gives (H1, H2), where the type alone would rank them otherwise', async () => {
    const tagged = headings(await markdownOf('libreoffice/fonts-sil-taiheritagepro/Future-THP-Modifications.pdf'));
    expect(tagged).toEqual(
      expect.arrayContaining(['# Future Tai Heritage Pro Modifications', '# 5\\. Cross-Word Collisions', '## Conceptual foundation']),
    );
    const alone = headings(await markdownOf('libreoffice/fonts-sil-taiheritagepro/Future-THP-Modifications.pdf', false));
    expect(alone).not.toContain('## Conceptual foundation');
  });
});

describe('a tagged table with merged cells (fonts-sil-taiheritagepro TaiHeritagePro-features.pdf, LibreOffice)', () => {
  type JsonTable = { type: string; rows: Array<{ header: boolean; cells: Array<{ text: string; rowSpan?: number }> }> };
  let table: JsonTable;
  beforeAll(async () => {
    const json = (await renderFile(
      join(CORPUS, 'libreoffice/fonts-sil-taiheritagepro/TaiHeritagePro-features.pdf'),
      'application/pdf',
      'json',
    )) as {
      blocks: JsonTable[];
    };
    table = json.blocks.find((block) => block.type === 'table')!;
  });

  it('takes its rows, cells and header row from the tag tree (TR, TH, TD)', () => {
    expect(table.rows[0]).toMatchObject({
      header: true,
      cells: [{ text: 'Feature Name' }, { text: 'Feature ID' }, { text: 'Feature Value' }, { text: 'Effect' }, { text: 'Examples' }],
    });
    expect(table.rows[1].cells.slice(0, 3).map((cell) => cell.text)).toEqual(['Vowel Position', 'vowp', '0 (default)']);
  });

  it('places the cells of a row that a cell above spans into under their columns, and says so with rowSpan', () => {
    expect(table.rows[2].cells.slice(0, 3).map((cell) => cell.text)).toEqual(['', '', '1']);
    expect(table.rows[1].cells[0]).toMatchObject({ text: 'Vowel Position', rowSpan: 3 });
  });
});

describe('a table set sideways on its page (camelot anticlockwise_table_2.pdf)', () => {
  it('is read with the page turned upright: its rows come out as rows', async () => {
    const markdown = await markdownOf('camelot/anticlockwise_table_2.pdf');
    expect(markdown).toContain(
      '| Scheduled caste | 74.8 | 55.8 | 42.9 | 0.9 | 9.7 | 0.0 | 0.2 | 2.2 | 0.0 | 19.0 | 11.2 | 7.4 | 0.4 | 25.2 | 100.0 | 1,363 |',
    );
    expect(markdown).toMatch(/^Table 21 Current use of contraception by background characteristics/);
  });
});
