import { join } from 'node:path';
import type { IntermediateDocument } from '../../document';
import { documentSchemaErrors } from '../../testing/document-schema-validator';
import { FIXTURES_DIR, renderFile } from '../../testing/fixtures';
import { sampleBlocks } from '../../testing/sample-document';
import type { JsonBlock, JsonDocument } from './document-json';
import { documentJson } from './json.format';

const PPTX = 'application/vnd.openxmlformats-officedocument.presentationml.presentation';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A fixture's json output, checked against the published schema before anything else. */
async function json(name: string, mimeType: string, pages?: string): Promise<JsonDocument> {
  const body = await renderFile(join(FIXTURES_DIR, name), mimeType, 'json', pages ? { pages } : {});
  expect(documentSchemaErrors(body)).toEqual([]);
  return body as JsonDocument;
}

const ofType = <T extends JsonBlock['type']>(blocks: readonly JsonBlock[], type: T) =>
  blocks.filter((block): block is Extract<JsonBlock, { type: T }> => block.type === type);

describe('json format', () => {
  describe('a markdown document (sample.md)', () => {
    let doc: JsonDocument;
    beforeAll(async () => {
      doc = await json('sample.md', 'text/markdown');
    });

    it('has the schema version, the metadata and the page count, and no page breaks or boxes', () => {
      expect(doc).toMatchObject({
        schemaVersion: '1.3',
        pages: 1,
        metadata: { title: 'Document Conversion Handbook', author: 'Ada Example' },
      });
      expect(doc.blocks.every((block) => block.page === 1 && !('bbox' in block))).toBe(true);
      expect(ofType(doc.blocks, 'pageBreak')).toEqual([]);
    });

    it('gives headings their level and text', () => {
      expect(ofType(doc.blocks, 'heading').map((heading) => [heading.level, heading.text])).toEqual([
        [1, 'Document Conversion Handbook'],
        [2, 'Supported Inputs'],
        [3, 'Processing Steps'],
        [2, 'Output Formats'],
        [2, 'Reliability Engineering'],
        [3, 'Observability'],
        [2, 'Security Considerations'],
        [2, 'Frequently Asked Questions'],
        [2, 'Appendix'],
      ]);
    });

    it('keeps formatting as inline nodes beside the plain text, and plain paragraphs as text only', () => {
      const intro = ofType(doc.blocks, 'paragraph')[0];
      expect(intro.text).toMatch(
        /^This handbook explains how a document conversion service turns uploaded files into plain text and markdown\./,
      );
      expect(intro.inlines).toEqual(
        expect.arrayContaining([
          { type: 'emphasis', content: [{ type: 'text', text: 'document conversion' }] },
          { type: 'link', href: 'https://example.com/spec', content: [{ type: 'text', text: 'project specification' }] },
        ]),
      );
      const plain = ofType(doc.blocks, 'paragraph').find((block) => block.text.startsWith('The service accepts'));
      expect(plain).toEqual({ type: 'paragraph', text: expect.stringContaining('portable documents'), page: 1 });
    });

    it('nests lists in their items and numbers ordered ones', () => {
      const [bullets, numbered] = ofType(doc.blocks, 'list');
      expect(bullets.ordered).toBe(false);
      expect(bullets.items[1].blocks.map((block) => block.type)).toEqual(['paragraph', 'list']);
      const nested = bullets.items[1].blocks[1];
      expect(nested.type === 'list' && nested.items.map((item) => item.blocks[0].type === 'paragraph' && item.blocks[0].text)).toEqual([
        'Nested item about semantic markup',
        'Nested item about navigation chrome',
      ]);
      expect(numbered).toMatchObject({ ordered: true, items: [{ blocks: [{ text: 'Download the document from its origin' }] }, {}, {}] });
    });

    it('writes tables as rows of cells with a header flag', () => {
      const [table] = ofType(doc.blocks, 'table');
      expect(table.rows.map((row) => row.header)).toEqual([true, false, false, false]);
      expect(table.rows[0].cells.map((cell) => cell.text)).toEqual(['Format', 'Media type', 'Notes']);
      expect(table.rows[3].cells[2]).toEqual({ text: 'Cells may hold a | pipe' });
    });

    it('keeps code with its language, and quotes with their blocks', () => {
      expect(ofType(doc.blocks, 'code')).toEqual([
        expect.objectContaining({
          language: 'js',
          text: expect.stringContaining("const job = await client.format({ url: 'https://example.com/a.pdf'"),
        }),
      ]);
      expect(ofType(doc.blocks, 'quote')[0].blocks).toEqual([
        { type: 'paragraph', text: 'Security is a process, not a product. Review the configuration regularly.', page: 1 },
      ]);
    });
  });

  describe('a PDF (sample.pdf)', () => {
    let doc: JsonDocument;
    beforeAll(async () => {
      doc = await json('sample.pdf', 'application/pdf');
    });

    it('puts a page break where each page after the first starts, and every block on its page', () => {
      expect(ofType(doc.blocks, 'pageBreak').map((block) => block.page)).toEqual([2, 3, 4]);
      let page = 1;
      for (const block of doc.blocks) {
        if (block.type === 'pageBreak') page = block.page;
        expect(block.page).toBe(page);
      }
      const output = doc.blocks.find((block) => block.type === 'heading' && block.text === 'Output Formats');
      expect(output?.page).toBe(2);
    });

    it('gives every block a box in points on its A5 page, top-left origin', () => {
      const boxed = doc.blocks.filter((block) => block.type !== 'pageBreak');
      expect(boxed.length).toBeGreaterThan(20);
      for (const block of boxed) {
        const [x0, y0, x1, y1] = (block as { bbox: number[] }).bbox;
        expect(0 <= x0 && x0 < x1 && x1 <= 420 && 0 <= y0 && y0 < y1 && y1 <= 596).toBe(true);
      }
      // The first heading sits near the top of page 1, the appendix lower down page 4.
      expect(doc.blocks[0]).toMatchObject({ type: 'heading', text: 'Document Conversion Handbook', page: 1 });
      expect((doc.blocks[0] as { bbox: number[] }).bbox[1]).toBeLessThan(120);
    });

    it('lists the converted pages of a selection, its first page without a break before it', async () => {
      const some = await json('sample.pdf', 'application/pdf', '2-3');
      expect(some).toMatchObject({ pages: 4, pagesConverted: [2, 3] });
      expect(some.blocks[0].page).toBe(2);
      expect(ofType(some.blocks, 'pageBreak').map((block) => block.page)).toEqual([3]);
    });
  });

  it('a scanned PDF read by OCR: boxes from the recognised words and the confidence per page', async () => {
    const doc = await json('scanned/scanned-report.pdf', 'application/pdf', '1');
    expect(doc.ocr).toEqual([{ page: 1, confidence: expect.any(Number) }]);
    const heading = ofType(doc.blocks, 'heading').find((block) => /Document Conversion Handbook/.test(block.text));
    expect(heading).toMatchObject({ page: 1, bbox: [expect.any(Number), expect.any(Number), expect.any(Number), expect.any(Number)] });
  }, 120_000);

  it('a slide deck: one page per slide and pictures as image blocks with their alt text', async () => {
    const doc = await json('office-data/media-deck.pptx', PPTX);
    expect(ofType(doc.blocks, 'image')).toEqual(
      expect.arrayContaining([
        { type: 'image', alt: 'Team photo: six people in front of the Lisbon office', src: 'team-photo.png', page: 3 },
      ]),
    );
    expect(ofType(doc.blocks, 'pageBreak').length).toBe(doc.pages - 1);
  });

  it('a workbook: each sheet a page, its table with a header row', async () => {
    const doc = await json('office-data/workbook.xlsx', XLSX);
    const [table] = ofType(doc.blocks, 'table');
    expect(table.rows[0]).toEqual({
      header: true,
      cells: [{ text: 'Region' }, { text: 'Closed' }, { text: 'Revenue' }, { text: 'Share' }],
    });
    expect(ofType(doc.blocks, 'pageBreak')).toEqual([{ type: 'pageBreak', page: 2 }]);
  });

  it('every block and inline type of the hand-built sample, nested blocks on their container page', () => {
    const document: IntermediateDocument = { pages: 1, metadata: {}, blocks: [...sampleBlocks, { type: 'image', alt: 'A chart' }] };
    const doc = documentJson(document);
    expect(documentSchemaErrors(doc)).toEqual([]);
    expect(doc.blocks.map((block) => block.type)).toEqual([
      'heading',
      'paragraph',
      'heading',
      'list',
      'list',
      'table',
      'code',
      'quote',
      'rule',
      'heading',
      'image',
    ]);
    expect(doc.blocks[1]).toMatchObject({
      text: 'Plain, bold, italic, code and a link.\nSecond line with <angle> & * star.',
      inlines: expect.arrayContaining([{ type: 'inlineCode', text: 'code' }, { type: 'break' }]),
    });
    expect(doc.blocks[3]).toMatchObject({ items: [{}, { blocks: [{}, { type: 'list', ordered: true, start: 3, page: 1 }] }] });
    expect(doc.blocks[5]).toMatchObject({ rows: [{ header: true }, { header: false, cells: [{ text: 'x | y' }, { text: 'z|w' }] }] });
    expect(doc.blocks[10]).toEqual({ type: 'image', alt: 'A chart', page: 1 });
  });
});

describe('document schema', () => {
  const valid = documentJson({
    pages: 2,
    metadata: {},
    blocks: [{ type: 'paragraph', content: [{ type: 'text', text: 'x' }], page: 2, bbox: [1, 2, 3, 4] }],
  });

  it('accepts a valid document', () => {
    expect(documentSchemaErrors(valid)).toEqual([]);
  });

  it.each([
    ['an unknown block type', { ...valid, blocks: [{ type: 'sidebar', page: 1 }] }],
    ['a box of three numbers', { ...valid, blocks: [{ type: 'paragraph', text: 'x', page: 1, bbox: [1, 2, 3] }] }],
    ['a block without a page', { ...valid, blocks: [{ type: 'paragraph', text: 'x' }] }],
    ['page 0', { ...valid, blocks: [{ type: 'rule', page: 0 }] }],
    ['a heading of level 7', { ...valid, blocks: [{ type: 'heading', level: 7, text: 'x', page: 1 }] }],
    ['another schema version', { ...valid, schemaVersion: '2.0' }],
    ['an unknown top-level field', { ...valid, extra: true }],
  ])('refuses %s', (_label, document) => {
    expect(documentSchemaErrors(document)).not.toEqual([]);
  });
});
