import type { Extraction } from '@docformat/contracts';
import { convertDocument } from '../convert';
import type { IntermediateDocument } from '../document';
import { documentSchemaErrors } from '../testing/document-schema-validator';
import { fixture } from '../testing/fixtures';
import { sampleBlocks } from '../testing/sample-document';
import { extractDocument } from './extract-document';

const text = (value: string) => [{ type: 'text' as const, text: value }];

async function extractFixture(name: string): Promise<Extraction> {
  const result = await convertDocument({ bytes: fixture(name), fileName: name, formats: [], maxPages: 200, keep: { extraction: true } });
  return JSON.parse(result.extraction ?? 'null') as Extraction;
}

describe('extractDocument', () => {
  it('lists tables (header first, cells as plain text), links and images in reading order with their pages', () => {
    const document: IntermediateDocument = {
      pages: 3,
      metadata: { title: 'Survey' },
      blocks: [
        {
          type: 'paragraph',
          page: 1,
          content: [
            { type: 'text', text: 'See ' },
            { type: 'link', href: 'https://a.example/x', content: text('the protocol') },
          ],
        },
        { type: 'paragraph', page: 2, content: text('Table 2: Birds per site') },
        {
          type: 'table',
          bbox: [10, 20, 300, 120],
          header: [text('Site'), [{ type: 'strong', content: text('Birds') }]],
          rows: [[text('North'), [{ type: 'link', href: 'n.html', content: text('340') }]]],
        },
        {
          type: 'list',
          ordered: false,
          page: 3,
          items: [{ blocks: [{ type: 'image', alt: 'A heron', src: 'heron.png', bbox: [1, 2, 3, 4] }] }],
        },
        { type: 'table', rows: [[text('no'), text('header')]] },
        {
          type: 'paragraph',
          content: text('Table 9 is elsewhere, and this sentence is no caption of the table above it, being long enough'),
        },
      ],
    };
    const extraction = extractDocument(document);
    expect(extraction.tables).toEqual([
      {
        index: 0,
        page: 2,
        bbox: [10, 20, 300, 120],
        caption: 'Table 2: Birds per site',
        headerRows: 1,
        rows: [
          ['Site', 'Birds'],
          ['North', '340'],
        ],
      },
      {
        index: 1,
        page: 3,
        caption: 'Table 9 is elsewhere, and this sentence is no caption of the table above it, being long enough',
        headerRows: 0,
        rows: [['no', 'header']],
      },
    ]);
    expect(extraction.links).toEqual([
      { href: 'https://a.example/x', text: 'the protocol', page: 1 },
      { href: 'n.html', text: '340', page: 2 },
    ]);
    expect(extraction.images).toEqual([{ alt: 'A heron', src: 'heron.png', page: 3, bbox: [1, 2, 3, 4] }]);
    expect(documentSchemaErrors(extraction.document)).toEqual([]);
    expect(extraction.document).toMatchObject({ schemaVersion: '1.3', pages: 3, metadata: { title: 'Survey' } });
  });

  it('takes a caption only from a paragraph that reads as one, before the table or else after it', () => {
    const table = { type: 'table' as const, rows: [[text('a')]] };
    const captions = (before: string, after: string) =>
      extractDocument({
        pages: 1,
        metadata: {},
        blocks: [{ type: 'paragraph', content: text(before) }, table, { type: 'paragraph', content: text(after) }],
      }).tables[0]?.caption;
    expect(captions('Table 3: Before', 'Table 4: After')).toBe('Table 3: Before');
    expect(captions('Some text.', 'Tab. IV – After')).toBe('Tab. IV – After');
    expect(captions('Tabelle 4.1 Werte', 'x')).toBe('Tabelle 4.1 Werte');
    expect(captions('Tables are useful.', 'The table shows it.')).toBeUndefined();
  });

  it('walks every block type of the sample document without losing its link', () => {
    const extraction = extractDocument({ pages: 1, metadata: {}, blocks: sampleBlocks });
    expect(extraction.links).toEqual([{ href: 'docs/a b.html', text: 'link', page: 1 }]);
    expect(extraction.tables).toEqual([
      {
        index: 0,
        page: 1,
        headerRows: 1,
        rows: [
          ['a', 'b'],
          ['x | y', 'z|w'],
        ],
      },
    ]);
  });

  it('finds the tables, links and pictures of real documents (HTML, DOCX, XLSX, PPTX, PDF)', async () => {
    const html = await extractFixture('extraction/field-report.html');
    expect(html.tables).toEqual([
      {
        index: 0,
        page: 1,
        caption: 'Table 1: Birds counted per site',
        headerRows: 1,
        rows: [
          ['Site', 'Species', 'Birds'],
          ['North marsh', '12', '340'],
          ['East meadow', '9', '128'],
          ['South wood', '15', '211'],
        ],
      },
    ]);
    expect(html.links.map((link) => link.href)).toEqual(['https://example.com/survey', 'methods.html', 'https://example.com/weather']);

    const docx = await extractFixture('office-docs/source.docx');
    expect(docx.tables[0]?.rows[0]).toEqual(['Region', 'Sales', 'Growth']);
    expect(docx.links).toEqual([{ href: 'https://example.com/project', text: 'project site', page: 1 }]);

    const xlsx = await extractFixture('office-data/workbook.xlsx');
    expect(xlsx.tables.map((table) => [table.page, table.rows[0]])).toEqual([
      [1, ['Region', 'Closed', 'Revenue', 'Share']],
      [2, ['Topic', 'Detail']],
    ]);

    const pptx = await extractFixture('office-data/media-deck.pptx');
    expect(pptx.images).toContainEqual({ alt: 'Team photo: six people in front of the Lisbon office', src: 'team-photo.png', page: 3 });

    const pdf = await extractFixture('sample.pdf');
    expect(pdf.tables).toEqual([expect.objectContaining({ page: 2, headerRows: 1, bbox: expect.any(Array) })]);
    expect(pdf.links).toEqual([{ href: 'https://example.com/spec', text: 'project specification', page: 1 }]);
    expect(documentSchemaErrors(pdf.document)).toEqual([]);
  });
});
