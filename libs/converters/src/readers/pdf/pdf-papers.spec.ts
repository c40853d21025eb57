import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { convertText } from '../../testing/convert-text';

/**
 * Real LaTeX PDFs of the quality-benchmark corpus (bench/corpus/source/*.tex, built by
 * bench/corpus/make.sh): a two-column paper, a three-column newsletter, a report with
 * a longtable across a page break and an invoice with borderless tables.
 */
const CORPUS = join(__dirname, '../../../bench/corpus/docs');
async function markdownOf(name: string): Promise<string> {
  const result = await convertText({
    bytes: readFileSync(join(CORPUS, name)),
    contentType: 'application/pdf',
    fileName: name,
    formats: ['markdown'],
    maxPages: 10,
  });
  return result.outputs.markdown as string;
}
const headings = (markdown: string) => markdown.split('\n').filter((line) => line.startsWith('#'));
/** The pipe tables of a markdown text, each as rows of trimmed cells (delimiter rows dropped). */
const tables = (markdown: string) =>
  markdown
    .split(/\n\n+/)
    .filter((block) => block.startsWith('|'))
    .map((block) =>
      block
        .split('\n')
        .filter((row) => !/^\|\s*---/.test(row))
        .map((row) =>
          row
            .slice(1, -1)
            .split(' | ')
            .map((cell) => cell.trim()),
        ),
    );
const order = (markdown: string, ...texts: string[]) => texts.map((text) => markdown.indexOf(text));

describe('two-column paper (paper.pdf)', () => {
  let markdown: string;
  beforeAll(async () => (markdown = await markdownOf('paper.pdf')));

  it('takes the title as H1 and levels numbered headings by their depth (1 = H1), appendix included', () => {
    const found = headings(markdown);
    expect(found[0]).toBe('# Measuring Soil Moisture with Low-Cost Capacitive Sensors in Community Gardens');
    expect(found).toEqual(
      expect.arrayContaining([
        '# 1 Introduction',
        '## 2.1 The Garden',
        '## 3.2 Two-Point Procedure',
        '# A Calibration Details',
        '## A.1 Oven Drying',
      ]),
    );
    // The author line is set in the sub-section size but is not numbered: not a heading.
    expect(found.some((line) => line.includes('Ana Ruiz'))).toBe(false);
    // The title and the top-level sections are level 1, as a word processor's Title and Heading 1 are.
    expect(found.slice(0, 3)).toEqual([found[0], '# Abstract', '# 1 Introduction']);
  });

  it('reads each column top to bottom, the full-width title first', () => {
    const positions = order(
      markdown,
      '# Measuring',
      'Capacitive soil moisture sensors',
      '# 1 Introduction',
      '# 2 Site',
      '## 2.2 Sensor Network',
      '# 3 Calibration',
      '# 4 Results',
      '# 5 Discussion',
    );
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(positions.every((at) => at >= 0)).toBe(true);
    expect(markdown).toContain(
      'Watering is the largest recurring task in a shared garden, and most of it is done by habit rather than by need.',
    );
  });

  it('finds a table set beside running text in one column, its caption kept as a paragraph', () => {
    const table = tables(markdown).find((rows) => rows[0][0] === 'Bed' && rows[0][1] === 'Sensors');
    expect(table).toEqual([
      ['Bed', 'Sensors', 'Exposure', 'Crop'],
      ['North', '8', 'shade', 'lettuce'],
      ['South', '6', 'sun', 'squash'],
      ['East', '7', 'partial', 'beans'],
      ['West', '5', 'sun', 'tomatoes'],
      ['Herb', '7', 'partial', 'herbs'],
      ['Nursery', '7', 'shade', 'seedlings'],
    ]);
    expect(markdown).toContain('\n\nTable 1: The six beds of the study and their sensors.\n\n');
  });

  it('keeps a booktabs header that spans columns as a row of the table', () => {
    const table = tables(markdown).find((rows) => rows.some((row) => row.includes('Factory curve')));
    expect(table?.slice(0, 3)).toEqual([
      ['', 'Factory curve', '', 'Calibrated', ''],
      ['Bed', 'Median', 'Worst', 'Median', 'Worst'],
      ['North', '12.1', '19.4', '2.8', '6.1'],
    ]);
    expect(table).toHaveLength(8);
  });
});

describe('three-column newsletter (newsletter.pdf)', () => {
  let markdown: string;
  beforeAll(async () => (markdown = await markdownOf('newsletter.pdf')));

  it('reads the columns one after the other, below the full-width title and introduction', () => {
    const sections = [
      'Autumn Show Results',
      'Tool Store Rules',
      'Winter Work Days',
      'Bonfires',
      'From the Oldest Plot',
      'Committee Contacts',
    ];
    expect(headings(markdown)).toEqual([
      '# Riverside Allotments Newsletter',
      expect.stringContaining('Autumn issue'),
      ...sections.map((title) => `## ${title}`),
    ]);
    expect(markdown.indexOf('This issue covers')).toBeLessThan(markdown.indexOf('## Autumn Show Results'));
    // Paragraphs that wrap from the foot of one column to the head of the next stay whole.
    expect(markdown).toContain(
      'Broken tools belong in the red crate, with a note saying what is wrong, so that the repair team can find them.',
    );
    expect(markdown).toContain('Check the wind before you light anything, because the houses on Mill Lane are close.');
    expect(tables(markdown)).toEqual([]);
  });
});

describe('report with a table across a page break (longreport.pdf)', () => {
  let markdown: string;
  beforeAll(async () => (markdown = await markdownOf('longreport.pdf')));

  it('joins the two parts into one table, the repeated header dropped, number columns whole', () => {
    const site = tables(markdown).filter((rows) => rows[0][0] === 'Site' && rows[0][1] === 'Type');
    expect(site).toHaveLength(1);
    expect(site[0]).toHaveLength(41);
    expect(site[0].every((row) => row.length === 5)).toBe(true);
    expect(site[0][2]).toEqual(['Ash Grove', 'garden', '610', '585', '\\-4%']);
    expect(site[0][40]).toEqual(['Windmill Hill', 'park', '2170', '2085', '\\-4%']);
  });

  it('levels headings by numbering depth even where bold is not visible in the font name', () => {
    expect(headings(markdown)).toEqual([
      '# Northfield Parks Water Audit 2024',
      '# 1 Summary',
      '# 2 Method',
      '## 2.1 Sites Covered',
      '### 2.1.1 Estimated Sites',
      '# 3 Results by Site',
      '# 4 Leaks and Repairs',
      '# 5 Recommendations',
      '## 5.1 Meters',
      '## 5.2 Watering Schedules',
      '## 5.3 Night Readings',
    ]);
  });
});

describe('invoice with borderless tables (invoice.pdf)', () => {
  it('reads the line items with their right-aligned numeric columns, and a key–value block whose first gap is narrow', async () => {
    const found = tables(await markdownOf('invoice.pdf'));
    const items = found.find((rows) => rows[0][0] === 'Item');
    expect(items?.[0]).toEqual(['Item', 'Description', 'Quantity', 'Unit price', 'Amount']);
    expect(items?.slice(3, 5)).toEqual([
      ['HS-10', 'Heat shrink tubing assortment', '3', '7.25', '21.75'],
      ['CB-PAL', 'Compost bay kit, four panels', '4', '38.00', '152.00'],
    ]);
    expect(items).toHaveLength(8);
    expect(found.find((rows) => rows[0][0] === 'Invoice number:')).toHaveLength(4);
  });
});
