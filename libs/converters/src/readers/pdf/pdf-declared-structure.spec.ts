import { join } from 'node:path';
import { renderFile } from '../../testing/fixtures';

/**
 * Headings a PDF declares apart from its drawing, on third-party files from the
 * benchmark's development half (libs/converters/bench/third-party, sources and licences
 * in its SOURCES.md): a LaTeX manual's outline and a LibreOffice export's tag tree.
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
