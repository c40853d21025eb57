import { join } from 'node:path';
import type { FormatOptions } from '@docformat/contracts';
import { convertText } from '../../testing/convert-text';
import { DEFAULT_CONVERSION_OPTIONS, conversionOptions } from '../../conversion-options';
import { terminateOcr } from '../../ocr/ocr-engine';
import { failureCode, fixture } from '../../testing/fixtures';
import { readContext } from '../read-context';
import { read as readImage } from './image.reader';

const OCR_TIMEOUT = 60_000;
const ocrFixture = (name: string) => fixture(join('ocr', name));
const convert = (name: string, mimeType: string, options: FormatOptions = {}, maxPages = 10) =>
  convertText({ bytes: ocrFixture(name), contentType: mimeType, fileName: name, formats: ['markdown', 'text'], maxPages, options });
const read = (name: string, mimeType: string, options: FormatOptions = {}) =>
  readImage({ bytes: ocrFixture(name), mimeType, fileName: name }, readContext(conversionOptions(options), 10));
/** The words of a block (cells and items included), space-separated. */
function textOf(node: unknown): string {
  if (Array.isArray(node)) return node.map(textOf).join(' ');
  if (!node || typeof node !== 'object') return '';
  const { text, ...rest } = node as { text?: unknown };
  return typeof text === 'string' ? text : Object.values(rest).map(textOf).join(' ').replace(/\s+/g, ' ').trim();
}

afterAll(() => terminateOcr());

describe('Image reader with OCR', () => {
  it(
    'turns a scanned page into markdown: heading, paragraph, list',
    async () => {
      const result = await convert('report.png', 'image/png');
      const markdown = result.outputs['markdown'];
      expect(markdown).toMatch(/^#{1,3} Quarterly Report$/m);
      expect(markdown).toMatch(
        /The northern warehouse shipped more parcels this quarter than in any previous season, while returns stayed below two percent\./,
      );
      expect(markdown).toMatch(/^[-*] Replace the conveyor motors$/m);
      expect(markdown).toMatch(/^[-*] Hire three seasonal drivers$/m);
      expect(markdown).toMatch(/^[-*] Audit the customs paperwork$/m);
      expect(markdown).not.toContain('Image:');
      expect(result.pages).toBe(1);
    },
    OCR_TIMEOUT,
  );

  it(
    'reads a table image as a table, or at least its cells in row order',
    async () => {
      const document = await read('table.png', 'image/png');
      const table = document.blocks.find((block) => block.type === 'table');
      const text = table ? textOf(table) : document.blocks.map(textOf).join(' ');
      const order = [
        'City',
        'Parcels',
        'Returns',
        'Lisbon',
        '4120',
        '37',
        'Hamburg',
        '2985',
        '52',
        'Toronto',
        '3310',
        '18',
        'Melbourne',
        '1764',
        '44',
      ];
      const positions = order.map((word) => text.search(new RegExp(`\\b${word}\\b`)));
      expect(positions).not.toContain(-1);
      expect([...positions].sort((a, b) => a - b)).toEqual(positions);
      expect(table).toBeDefined();
      expect(document.ocr).toEqual([{ page: 1, confidence: expect.any(Number) }]);
      expect(document.ocr![0].confidence).toBeGreaterThan(80);
    },
    OCR_TIMEOUT,
  );

  it(
    'reads every page of a multi-page TIFF, blocks numbered by page',
    async () => {
      const document = await read('pages.tiff', 'image/tiff');
      expect(document.pages).toBe(3);
      expect(document.pagesConverted).toBeUndefined();
      expect(document.ocr?.map((page) => page.page)).toEqual([1, 2, 3]);
      const headings = document.blocks.filter((block) => block.type === 'heading');
      expect(headings.map((block) => [textOf(block).trim(), block.page])).toEqual([
        ['First Chapter', 1],
        ['Second Chapter', 2],
        ['Third Chapter', 3],
      ]);
      const paragraphs = document.blocks.filter((block) => block.type === 'paragraph');
      expect(paragraphs.map((block) => block.page)).toEqual([1, 2, 3]);
      expect(textOf(paragraphs[1])).toContain('Bridges cross the river near the quiet harbour.');
    },
    OCR_TIMEOUT,
  );

  it(
    'reads only the selected TIFF pages and says which',
    async () => {
      const result = await convert('pages.tiff', 'image/tiff', { pages: '2' });
      expect(result.pages).toBe(3);
      expect(result.pagesConverted).toEqual([2]);
      expect(result.outputs['text']).toContain('Second Chapter');
      expect(result.outputs['text']).not.toMatch(/First|Third|Apples|Candles/);
    },
    OCR_TIMEOUT,
  );

  it(
    'reads a page scanned upside down the right way up',
    async () => {
      const result = await convert('rotated-180.png', 'image/png', { ocr: 'force' });
      expect(result.outputs['markdown']).toMatch(/^#{1,3} Sideways Notice$/m);
      expect(result.outputs['markdown']).toContain('Visitors must register at the front desk before entering the laboratory.');
    },
    OCR_TIMEOUT,
  );

  it(
    'gives no text blocks for an image without words, and keeps its metadata',
    async () => {
      const document = await readImage(
        { bytes: fixture('misc/photo.png'), mimeType: 'image/png' },
        readContext(DEFAULT_CONVERSION_OPTIONS, 1),
      );
      expect(document.blocks).toEqual([]);
      expect(document.metadata).toEqual({ title: 'Blue square', author: 'Ada Example' });
      expect(document.ocr).toEqual([{ page: 1, confidence: 0 }]);
    },
    OCR_TIMEOUT,
  );

  it('counts TIFF frames against the page limit before any OCR', async () => {
    expect(await failureCode(convert('pages.tiff', 'image/tiff', {}, 2))).toBe('TOO_MANY_PAGES');
  });

  it.each([
    ['a truncated GIF', ocrFixture('heading.gif').subarray(0, 40), 'image/gif'],
    ['garbage with a WebP header', Buffer.concat([ocrFixture('heading.webp').subarray(0, 30), Buffer.alloc(200, 7)]), 'image/webp'],
  ])(
    'fails %s with CORRUPT_DOCUMENT (without crashing the process)',
    async (_name, bytes, mimeType) => {
      expect(await failureCode(convertText({ bytes, contentType: mimeType, formats: ['text'], maxPages: 1 }))).toBe('CORRUPT_DOCUMENT');
    },
    OCR_TIMEOUT,
  );
});
