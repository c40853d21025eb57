import { convertFixture } from '../../testing/fixtures';

/**
 * A typewritten document (fixtures/pdf-structure/typewriter.pdf: the .xz format
 * specification, plain text printed in Courier): a monospaced font alone does not
 * make code. Prose pages read as prose with their space-aligned tables; pages of code
 * and ASCII drawings stay code.
 */
describe('a document typed in a monospaced font (typewriter.pdf)', () => {
  let markdown: string;
  beforeAll(async () => {
    markdown = ((await convertFixture('pdf-structure/typewriter.pdf', 'application/pdf')).outputs as { markdown: string }).markdown;
  });
  const outsideCode = () =>
    markdown
      .split(/^```$/m)
      .filter((_, index) => index % 2 === 0)
      .join('\n');

  it('reads its prose as paragraphs under numbered headings, not as one code block', () => {
    expect(outsideCode()).toMatch(/^#+ 0\.1\. Notices and Acknowledgements$/m);
    expect(outsideCode()).toContain('This file format was designed by Lasse Collin');
    expect(outsideCode()).toMatch(/^#+ 2\.1\.1\.1\. Header Magic Bytes$/m);
  });

  it('reads columns aligned with spaces as a table, across the page break', () => {
    const table = outsideCode()
      .split('\n')
      .filter((line) => /^\| 0x0[0-9A-F] \|/.test(line));
    expect(table).toHaveLength(16);
    expect(table).toContain('| 0x0A | 32 bytes | SHA-256 |');
    expect(outsideCode()).toContain('| 1.0.3 | 2009-06-05 | Spelling fixes in Sections 5.1 and 5.4 |');
  });

  it('joins a cell line that ends unfinished (a comma) with the line under it, however short that is', () => {
    expect(outsideCode()).toContain(
      '| 1.0.1 | 2009-06-01 | Typo fix in Section 0.3 and minor clarifications to Sections 2, 2.2, 3.3, 4.4, and 5.3.2 |',
    );
  });

  it('reads its contents (numbered titles, no page numbers) as a list of entries, one per line, nested by depth, numbers kept', () => {
    expect(markdown).toContain(
      [
        '- 0\\. Preface',
        '  - 0.1. Notices and Acknowledgements',
        '  - 0.2. Getting the Latest Version',
        '  - 0.3. Version History',
        '- 1\\. Conventions',
      ].join('\n'),
    );
    expect(markdown).toContain(['    - 2.1.1. Stream Header', '      - 2.1.1.1. Header Magic Bytes'].join('\n'));
    // The body's sections start again at 0 after the list: they are not entries of it.
    expect(markdown).toMatch(/^- 7\\. References\n\n0\. Preface$/m);
  });

  it('keeps a page of C code as code', () => {
    const code = markdown.split(/^```$/m).filter((_, index) => index % 2 === 1);
    expect(code.some((block) => block.includes('while (num >= 0x80) {'))).toBe(true);
  });
});
