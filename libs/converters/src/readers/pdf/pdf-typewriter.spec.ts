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

  it('keeps the numbers of a contents list that starts at 0', () => {
    expect(markdown).toMatch(/^0\. Preface/m);
    expect(markdown).toMatch(/^1\. Conventions/m);
  });

  it('keeps a page of C code as code', () => {
    const code = markdown.split(/^```$/m).filter((_, index) => index % 2 === 1);
    expect(code.some((block) => block.includes('while (num >= 0x80) {'))).toBe(true);
  });
});
