import { withEntries } from '../../testing/office-fixture-variants';
import { unzipSync, zipSync } from 'fflate';
import { convertText } from '../../testing/convert-text';
import { convertFixture, failureCode, fixture } from '../../testing/fixtures';
import { readAs } from '../../testing/read-as';
import { autoNumbers } from './auto-numbering';
import { para, slideXml, syntheticDeck, textBox } from '../../testing/synthetic-deck';

const PPTX = 'application/vnd.openxmlformats-officedocument.presentationml.presentation';
const convert = (bytes: Buffer, maxPages = 100) => convertText({ bytes, contentType: PPTX, formats: ['text', 'markdown'], maxPages });

describe('PPTX reader: pandoc deck (deck.pptx)', () => {
  let markdown: string;
  let text: string;
  let result: Awaited<ReturnType<typeof convertFixture>>;

  beforeAll(async () => {
    result = await convertFixture('office-data/deck.pptx', PPTX);
    ({ markdown, text } = result.outputs as { markdown: string; text: string });
  });

  it('counts slides as pages and reads the core properties', () => {
    expect(result.pages).toBe(4);
    expect(result.metadata).toEqual({
      title: 'Quarterly Review',
      author: 'Ada Lovelace',
      subject: 'Results for the third quarter',
      keywords: 'quarterly, review',
      createdAt: '2024-10-01T12:00:00.000Z',
      modifiedAt: '2024-10-01T12:00:00.000Z',
    });
  });

  it('writes one ## section per slide, in order, without repeating the title as #', () => {
    expect(markdown.match(/^##? .*$/gm)).toEqual(['## Quarterly Review', '## Agenda', '## Regional figures', '## Next steps']);
    expect(markdown).toContain('## Quarterly Review\n\nAda Lovelace\n\n## Agenda');
    expect(markdown).not.toContain('2024-10-01'); // the date placeholder is slide furniture
  });

  it('nests bullets by level and keeps numbered lists and emphasis', () => {
    expect(markdown).toContain('- Results so far\n  - Revenue grew 12%\n  - Costs stayed flat\n- Plans for next quarter\n');
    expect(markdown).toContain('Ship the **new importer** before the *holiday freeze*.');
    expect(markdown).toContain('1. Hire two engineers\n2. Open the Lisbon office');
  });

  it('writes slide tables as GFM tables with a header row', () => {
    expect(markdown).toContain('| Region | Revenue | Growth |\n| --- | --- | --- |\n| North | 1,200 | 5% |\n| South | 950 | 3% |');
  });

  it('marks speaker notes as a quote starting "Notes:", after the slide content', () => {
    expect(markdown).toContain(
      '- Plans for next quarter\n\n> **Notes:** Welcome everyone and keep the introduction short.\n\n## Regional figures',
    );
    expect(markdown).toContain('> **Notes:** North includes the new Oslo office.');
    expect(text).toContain('    Notes: Welcome everyone and keep the introduction short.');
  });

  it('writes text without markup', () => {
    expect(text).toContain('Region\tRevenue\tGrowth\nNorth\t1,200\t5%');
    for (const markup of ['##', '**', '| ---', '> ']) expect(text).not.toContain(markup);
  });

  it('fails with TOO_MANY_PAGES before reading slides', async () => {
    expect(await failureCode(convertFixture('office-data/deck.pptx', PPTX, 3))).toBe('TOO_MANY_PAGES');
  });
});

describe('PPTX reader: charts and pictures (media-deck.pptx, media-deck-libreoffice.pptx)', () => {
  const outputsOf = async (file: string) => (await convertFixture(file, PPTX)).outputs as { markdown: string; text: string };

  it('writes a chart as its title and a table of its cached data, values formatted as shown', async () => {
    const { markdown, text } = await outputsOf('office-data/media-deck.pptx');
    // A bar + line combo: every series across, the empty South Q3 point stays an empty cell.
    expect(markdown).toContain(
      'Figures from the finance team.\n\nChart: Revenue and growth\n\n| Category | North | South | Growth |\n| --- | --- | --- | --- |\n' +
        '| Q1 2024 | 1,200 | 950 | 5.0% |\n| Q2 2024 | 1,351 | 990 | 12.5% |\n| Q3 2024 | 1,410 |  | 4.3% |\n| Q4 2024 | 1,600 | 1,100 | 13.5% |',
    );
    // A pie chart without a title.
    expect(markdown).toContain(
      '\n\nChart\n\n| Category | Share |\n| --- | --- |\n| Hardware | 50% |\n| Services | 30% |\n| Licences | 20% |\n',
    );
    expect(text).toContain('Chart: Revenue and growth\n\nCategory\tNorth\tSouth\tGrowth\nQ1 2024\t1,200\t950\t5.0%\n');
  });

  it('writes pictures as their description: ![alt](file) in markdown, the alt text in text', async () => {
    const { markdown, text } = await outputsOf('office-data/media-deck.pptx');
    expect(markdown).toContain(
      'Taken at the Lisbon office.\n\n![Team photo: six people in front of the Lisbon office](team-photo.png)\n\n![Company logo](team-photo.png)\n\nChart\n',
    );
    expect(text).toContain(
      'Taken at the Lisbon office.\n\nTeam photo: six people in front of the Lisbon office\n\nCompany logo\n\nChart\n',
    );
    // The picture without a description (decorative) adds nothing, and no bytes ever appear.
    expect(markdown.match(/!\[/g)).toHaveLength(2);
    for (const output of [markdown, text]) expect(output).not.toMatch(/base64|iVBOR/);
  });

  it('reads the charts and pictures as LibreOffice writes them (series named by cache, format codes dropped)', async () => {
    const { markdown } = await outputsOf('office-data/media-deck-libreoffice.pptx');
    expect(markdown).toContain('| Category | North | South | Growth |\n| --- | --- | --- | --- |\n| Q1 2024 | 1200 | 950 | 0.05 |');
    expect(markdown).toContain('| Hardware | 0.5 |');
    expect(markdown).toContain('![Team photo: six people in front of the Lisbon office](image1.png)');
  });
});

describe('PPTX reader: hand-built deck', () => {
  it('follows presentation order, reads shapes top-to-bottom then left-to-right, groups as a unit', async () => {
    const { outputs, pages } = await convert(syntheticDeck());
    expect(pages).toBe(2);
    expect(outputs['markdown']).toBe(
      '## Slide 1\n\nTop left\n\nTop right\n\nBottom text\n\nGroup first\n\nGroup second\n\nChart: Revenue by month\n\n' +
        '## Slide 2 (hidden slide)\n\n[the spec](https://example.com/spec)\n\n- Explicit bullet\n',
    );
  });

  it('reads a deck whose optional parts (core properties, notes, charts) are missing', async () => {
    const bytes = syntheticDeck({
      'ppt/slides/_rels/slide2.xml.rels': '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"/>',
    });
    const { outputs, metadata } = await convert(bytes);
    expect(metadata).toEqual({});
    expect(outputs['markdown']).toContain('\n\nChart\n\n');
  });
});

describe('PPTX reader: auto-numbering (a:buAutoNum) as PowerPoint counts it', () => {
  const numbered = (text: string, level = 0, startAt = '', type = 'arabicPeriod') =>
    para(text, `<a:pPr lvl="${level}"><a:buAutoNum type="${type}"${startAt && ` startAt="${startAt}"`}/></a:pPr>`);
  const plain = (text: string, level = 0) => para(text, `<a:pPr lvl="${level}"><a:buNone/></a:pPr>`);
  const markdownOf = async (paragraphs: string) =>
    (await convert(syntheticDeck({ 'ppt/slides/slide2.xml': slideXml(textBox(2, 0, 0, paragraphs)) }))).outputs['markdown'].split(
      '## Slide 2',
    )[0];

  it('goes on counting past an indented paragraph without a number (a code line under step 2)', async () => {
    const markdown = await markdownOf(
      numbered('One') + numbered('Two') + plain('sudo mount /dev/sdb1', 1) + numbered('Three') + numbered('Four'),
    );
    expect(markdown).toBe('## Slide 1\n\n1. One\n2. Two\n\nsudo mount /dev/sdb1\n\n3. Three\n4. Four\n\n');
  });

  it('restarts after a paragraph at the same level, honours startAt and continues a repeated one', async () => {
    const markdown = await markdownOf(
      numbered('One') +
        plain('Between') +
        numbered('Again') +
        plain('Next') +
        numbered('Six', 0, '6') +
        numbered('Seven', 0, '6') +
        numbered('Two', 0, '2'),
    );
    expect(markdown).toBe('## Slide 1\n\n1. One\n\nBetween\n\n1. Again\n\nNext\n\n6. Six\n7. Seven\n\n2. Two\n\n');
  });

  it('restarts a sub-list under each new item and a new scheme at the same level', async () => {
    const markdown = await markdownOf(
      numbered('a') + numbered('a.1', 1) + numbered('a.2', 1) + numbered('b') + numbered('b.1', 1) + numbered('i', 0, '', 'romanLcPeriod'),
    );
    expect(markdown).toBe('## Slide 1\n\n1. a\n   1. a.1\n   2. a.2\n2. b\n   1. b.1\n\n1. i\n\n');
  });

  it('counts per level: a deeper paragraph leaves the count alone, a plain one at the same level ends it', () => {
    const auto = { scheme: 'arabicPeriod' };
    expect(
      autoNumbers([
        { level: 0, autoNum: auto },
        { level: 1 },
        { level: 1, autoNum: auto },
        { level: 0, autoNum: auto },
        { level: 0 },
        { level: 0, autoNum: auto },
      ]),
    ).toEqual([1, undefined, 1, 2, undefined, 1]);
  });
});

describe('PPTX reader: malformed input', () => {
  const deck = () => fixture('office-data/deck.pptx');

  it.each([
    { name: 'a truncated file', bytes: () => deck().subarray(0, 20_000), code: 'CORRUPT_DOCUMENT' },
    { name: 'bytes that are not a ZIP', bytes: () => Buffer.from('%PDF-1.7 not a deck'), code: 'CORRUPT_DOCUMENT' },
    { name: 'an empty file', bytes: () => Buffer.alloc(0), code: 'CORRUPT_DOCUMENT' },
    {
      name: 'garbage XML in a slide',
      bytes: () => withEntries(deck(), { 'ppt/slides/slide2.xml': '<p:sld><p:cSld>\u0001garbage' }),
      code: 'CORRUPT_DOCUMENT',
    },
    {
      name: 'garbage presentation.xml',
      bytes: () => withEntries(deck(), { 'ppt/presentation.xml': 'not xml at all' }),
      code: 'CORRUPT_DOCUMENT',
    },
    {
      name: 'a ZIP without ppt/presentation.xml (e.g. a DOCX)',
      bytes: () => withEntries(deck(), { 'ppt/presentation.xml': null }),
      code: 'CORRUPT_DOCUMENT',
    },
    {
      name: 'a legacy .ppt (OLE compound file)',
      bytes: () => Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(512)]),
      code: 'UNSUPPORTED_DOCUMENT_TYPE',
    },
    {
      name: 'an encrypted PPTX',
      bytes: () => Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(64), Buffer.from('EncryptionInfo', 'utf16le')]),
      code: 'ENCRYPTED_DOCUMENT',
    },
  ])('fails on $name with $code', async ({ bytes, code }) => {
    // Read as a deck whatever it is: identification alone would not send a PDF or a compound file here.
    expect(await failureCode(readAs('pptx', bytes()))).toBe(code);
  });

  it('refuses a zip bomb before inflating it (declared sizes over the cap)', async () => {
    const files = unzipSync(deck());
    const bytes = Buffer.from(zipSync(files, { level: 9 }));
    // Every central-directory entry claims 50 MB uncompressed: more than the cap together.
    for (let at = bytes.indexOf('PK\x01\x02', 0, 'latin1'); at >= 0; at = bytes.indexOf('PK\x01\x02', at + 4, 'latin1'))
      bytes.writeUInt32LE(50 * 1024 * 1024, at + 24);
    expect(await failureCode(convert(bytes))).toBe('FILE_TOO_LARGE');
  });
});
