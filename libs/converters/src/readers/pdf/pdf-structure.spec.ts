import { convertFixture } from '../../testing/fixtures';

/** Fixtures in fixtures/pdf-html/ (see its README): LibreOffice PDFs built from .fodt sources. */
const convert = async (name: string) =>
  (await convertFixture(`pdf-html/${name}`, 'application/pdf')).outputs as { markdown: string; text: string };

/** bordered-table.pdf's table, a cell wrapped onto two lines joined again. */
const LIMITS_TABLE = [
  '| Setting | Default | Meaning |',
  '| --- | --- | --- |',
  '| MAX\\_PAGES | 50 | Longest document accepted, counted in pages after decryption |',
  '| MAX\\_BYTES | 20 MB | Largest download |',
  '| TIMEOUT | 30 s | Hard limit per job |',
].join('\n');

describe('PDF tables', () => {
  it('reads a bordered table from its ruling lines, wrapped cell text joined', async () => {
    const { markdown, text } = await convert('bordered-table.pdf');
    expect(markdown).toContain(LIMITS_TABLE);
    expect(markdown).toMatch(/^# Conversion Limits\n\nEach worker enforces the limits below before a document is read\.\n\n\| Setting/);
    expect(markdown).toMatch(/\| Hard limit per job \|\n\nLimits are read once when the worker starts\.\n$/);
    expect(text).toContain('MAX_BYTES\t20 MB\tLargest download');
  });

  it('reads the same table when the page draws it as a form XObject whose own matrix scales and moves it', async () => {
    // The ruling lines are drawn through the form's /Matrix, which pdf.js does not write
    // out as a transform: read without it, the rules lay where the unscaled table would be.
    const { markdown } = await convert('bordered-table-in-form.pdf');
    expect(markdown).toContain(LIMITS_TABLE);
    expect(markdown).toMatch(/\| Hard limit per job \|\n\nLimits are read once when the worker starts\.\n$/);
    expect(markdown).not.toContain('MAX\\_PAGES MAX\\_BYTES');
  });

  it('reads a borderless table from text aligned in columns', async () => {
    const { markdown } = await convert('aligned-table.pdf');
    expect(markdown).toContain(
      [
        '| Format | Media type | Reader |',
        '| --- | --- | --- |',
        '| PDF | application/pdf | pdf.js |',
        '| HTML | text/html | node-html-parser |',
        '| Markdown | text/markdown | markdown-it |',
        '| Plain text | text/plain | built in |',
      ].join('\n'),
    );
    expect(markdown).toContain('\n\nOther media types are rejected before download completes.\n');
  });
});

describe('PDF two-column page', () => {
  it('reads the left column to its end before the right one, full-width text in place', async () => {
    const { text } = await convert('two-columns.pdf');
    const order = [
      'Reading Two Columns',
      'This introduction runs across the full width of the page, above both columns',
      'Alpha paragraph opens the left column.',
      'so the rule for columns asks for most of the page height.',
      'Foxtrot paragraph closes the argument',
      'Golf paragraph ends the right column',
      'This closing note runs across the full width again, after both columns have ended.',
    ].map((sentence) => text.indexOf(sentence));
    expect(order.every((position) => position >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });
});

describe('PDF typography (typography.pdf)', () => {
  let markdown: string;
  let text: string;
  beforeAll(async () => ({ markdown, text } = await convert('typography.pdf')));

  it('maps distinct sizes to distinct levels, bold above regular at one size, bold body text lowest', () => {
    expect(markdown).toMatch(/^# Typography Checks$/m);
    // The title's style is level 1, the top sections under it level 2.
    expect(markdown).toMatch(/^## Sizes and Weights$/m);
    expect(markdown).toMatch(/^### Bold at Thirteen Points$/m);
    expect(markdown).toMatch(/^#### Regular at Thirteen Points$/m);
    expect(markdown).toMatch(/^##### Bold at Body Size$/m);
    expect(markdown).toMatch(/^## Links and Characters$/m);
  });

  it('keeps link annotations as links on the text under them', () => {
    expect(markdown).toContain(
      'Read the [project specification](https://example.com/spec) first, then the [frequently asked questions](https://example.org/faq?topic=pdf) about PDF input.',
    );
    expect(text).toContain('Read the project specification first');
  });

  it('normalises ligatures, no-break and zero-width spaces, keeps curly quotes', () => {
    expect(text).toContain('The file was flagged by the office and the staff fixed it quickly.');
    expect(text).not.toMatch(/[\ufb00-\ufb06\u00a0\u200b]/);
    expect(text).toContain('She said “convert it” and the team’s queue held 10 MB of zerowidth jobs.');
  });

  it('nests numbered lists by indentation, also across a page break', () => {
    expect(text).toContain(
      '1. Fetch the document\n2. Pick a reader\n   1. Match the media type\n   2. Fall back to the extension\n3. Render every format\n',
    );
  });
});

describe('PDF right-to-left text', () => {
  it('writes Hebrew and Arabic lines in logical order, embedded Latin and numbers too', async () => {
    const { text } = await convert('rtl.pdf');
    expect(text).toContain('\nשלום עולם, זהו מסמך בדיקה קצר.\n');
    expect(text).toContain('\nمرحبا بالعالم، هذا مستند اختبار قصير.\n');
    expect(text).toContain('\nהגרסה 2024 כוללת את PDF reader החדש.\n');
    expect(text).toContain('Left-to-right text resumes after them.');
  });
});
