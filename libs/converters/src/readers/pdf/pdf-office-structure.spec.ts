import { convertFixture } from '../../testing/fixtures';

/** Fixtures in fixtures/pdf-structure/ (see its README): pandoc → ODT → LibreOffice PDFs, and one hand-written flat ODT. */
const convert = async (name: string) =>
  (await convertFixture(`pdf-structure/${name}`, 'application/pdf')).outputs as { markdown: string; text: string };
const headings = (markdown: string) => markdown.split('\n').filter((line) => line.startsWith('#'));

describe('borderless office tables (tables.pdf)', () => {
  let markdown: string;
  beforeAll(async () => ({ markdown } = await convert('tables.pdf')));

  it('splits a right-aligned number column from the text column a word space after it', () => {
    expect(markdown).toContain(
      [
        '| Tool | Shelf | Count | Condition |',
        '| --- | --- | --- | --- |',
        '| Claw hammer | 2 | 14 | Good |',
        '| Hand saw | 3 | 9 | Two need new blades |',
        '| Spirit level | 1 | 120 | Good |',
        '| Wood chisel | 4 | 36 | Needs sharpening |',
      ].join('\n'),
    );
  });

  it('splits a cell that fills its column from the next, and joins a first-column cell wrapped between rows', () => {
    expect(markdown).toContain(
      [
        '| Item | Member | Returned |',
        '| --- | --- | --- |',
        '| Cordless drill and its two batteries | Jordan | 4 March |',
        '| Belt sander | Priya | 9 March |',
        '| Orbital sander with spare discs | Mateo | 12 March |',
        '| Mitre saw with clamp | Sam | 15 March |',
      ].join('\n'),
    );
  });

  it('keeps a header and one row at a page bottom, and joins the part after the break, header repeated once', () => {
    const rows = Array.from({ length: 8 }, (_, i) => `| Bench ${i + 1} | Station ${i + 1} | ${(i + 1) * 3} hours |`);
    expect(markdown).toContain(
      ['| Bench | Station | Booked |', '| --- | --- | --- |', ...rows].join('\n') + '\n\nBookings reset on the first day of each month.\n',
    );
    expect(markdown.match(/\| Bench \| Station \| Booked \|/g)).toHaveLength(1);
  });

  it('ends a table at the heading or paragraph after it', () => {
    expect(markdown).toContain('| Wood chisel | 4 | 36 | Needs sharpening |\n\n## Loans\n\nMembers borrow tools');
  });
});

describe('heading styles alike in size and weight', () => {
  it('ranks the style used first higher: LibreOffice Heading 2 (bold italic) over Heading 3 (bold)', async () => {
    const { markdown } = await convert('headings.pdf');
    expect(headings(markdown)).toEqual([
      '# Rainwater Harvesting at Home',
      '## Collecting',
      '### Choosing a butt',
      '### Keeping it clean',
      '## Using',
      '### Winter care',
    ]);
  });

  it('does not assume italic ranks higher: an italic third level stays below the regular second', async () => {
    const { markdown } = await convert('italic-headings.pdf');
    expect(headings(markdown)).toEqual([
      '# Field Notes on Moths',
      '## Trapping',
      '### The lamp',
      '### Egg boxes',
      '## Recording',
      '### Photographs',
    ]);
  });
});
