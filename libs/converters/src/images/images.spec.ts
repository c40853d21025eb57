import type { Extraction } from '@docformat/contracts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type ConvertResult, convertDocument } from '../convert';
import { FIXTURES_DIR, fixture } from '../testing/fixtures';
import { DEFAULT_IMAGE_LIMITS } from './image-limits';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const PPTX = 'application/vnd.openxmlformats-officedocument.presentationml.presentation';
/** The office fixtures' pictures are 4 × 4 pixels: kept only with the least side lowered. */
const ANY_SIZE = { ...DEFAULT_IMAGE_LIMITS, minSide: 1 };

function convert(name: string, contentType: string, options: object, extra: object = {}): Promise<ConvertResult> {
  return convertDocument({
    bytes: fixture(name),
    contentType,
    fileName: name,
    formats: ['markdown', 'html', 'json', 'text'],
    maxPages: 50,
    options,
    ...extra,
  });
}

describe('document images', () => {
  it('leaves placeholder outputs as they were: the same bytes with format.images absent or placeholder', async () => {
    for (const [name, type] of [
      ['office-docs/source.docx', DOCX],
      ['office-data/media-deck.pptx', PPTX],
      ['extraction/figures.pdf', 'application/pdf'],
    ]) {
      const before = await convert(name, type, {});
      const placeholder = await convert(name, type, { images: 'placeholder' }, { imageLimits: ANY_SIZE });
      expect(placeholder.outputs).toEqual(before.outputs);
      expect(placeholder.images).toBeUndefined();
    }
  });

  it("reads a PDF's image objects with page, box and caption, as PNGs, and skips a bullet-sized one", async () => {
    const result = await convert('extraction/figures.pdf', 'application/pdf', { images: 'referenced' }, { keep: { tree: true } });
    expect(result.images?.map(({ n, mediaType, width, height, page }) => ({ n, mediaType, width, height, page }))).toEqual([
      { n: 1, mediaType: 'image/png', width: 320, height: 200, page: 1 },
      { n: 2, mediaType: 'image/png', width: 640, height: 480, page: 2 },
    ]);
    expect(Buffer.from(result.images![0].bytes.subarray(0, 4)).toString('latin1')).toBe('\x89PNG');
    const markdown = result.outputs['markdown'].body as string;
    expect(markdown).toContain('![Figure 1: The orange test card, photographed.](docformat-image:1)');
    // In reading order: after the text above it, before its caption.
    expect(markdown.indexOf('photographed under daylight')).toBeLessThan(markdown.indexOf('docformat-image:1'));
    expect(markdown.indexOf('docformat-image:2')).toBeGreaterThan(markdown.indexOf('# Scanned copy'));
    const json = result.outputs['json'].body as { blocks: Array<Record<string, unknown>> };
    const image = json.blocks.find((block) => block['type'] === 'image');
    expect(image).toMatchObject({ n: 1, mediaType: 'image/png', width: 320, height: 200, page: 1, url: 'docformat-image:1' });
    expect((image!['bbox'] as number[]).map(Math.round)).toEqual([72, 172, 392, 372]);
    expect(result.tree).not.toContain('"bytes"');
  });

  it('does not take a scanned page for a picture', async () => {
    const result = await convertDocument({
      bytes: fixture('scanned/mixed-text-and-scan.pdf'),
      contentType: 'application/pdf',
      formats: ['markdown'],
      maxPages: 10,
      options: { images: 'referenced', ocr: 'off' },
    });
    expect(result.images).toBeUndefined();
  });

  it('reads DOCX, PPTX and EPUB media with their alt text', async () => {
    const docx = await convert('office-docs/source.docx', DOCX, { images: 'referenced' }, { imageLimits: ANY_SIZE });
    expect(docx.images).toHaveLength(1);
    expect(docx.images![0]).toMatchObject({ n: 1, mediaType: 'image/png', width: 4, height: 4 });
    expect(docx.outputs['markdown'].body).toMatch(/!\[[^\]]*\]\(docformat-image:1\)/);
    expect(docx.outputs['markdown'].body).not.toMatch(/\[Image[^\]]*\]/);

    const pptx = await convert('office-data/media-deck.pptx', PPTX, { images: 'referenced' }, { imageLimits: ANY_SIZE });
    expect(pptx.images?.length).toBeGreaterThan(0);
    expect(pptx.images![0].page).toBeGreaterThan(0);
    expect(pptx.outputs['html'].body).toContain('<img src="docformat-image:1"');

    const epub = await convert('office-docs/source.epub', 'application/epub+zip', { images: 'referenced' }, { imageLimits: ANY_SIZE });
    expect(epub.images).toHaveLength(1);
    expect(epub.outputs['markdown'].body).toContain('(docformat-image:1)');
  });

  it('skips pictures below the least side by default: they stay placeholders', async () => {
    const docx = await convert('office-docs/source.docx', DOCX, { images: 'referenced' });
    expect(docx.images).toBeUndefined();
    expect(docx.outputs['markdown'].body).not.toContain('docformat-image:');
  });

  it('keeps no more than the per-image and per-job byte caps', async () => {
    const pdf = (limits: object) =>
      convert(
        'extraction/figures.pdf',
        'application/pdf',
        { images: 'referenced' },
        { imageLimits: { ...DEFAULT_IMAGE_LIMITS, ...limits } },
      );
    const all = (await pdf({})).images!;
    const [first, second] = all.map((image) => image.bytes.byteLength);
    expect((await pdf({ maxBytes: Math.min(first, second) })).images).toHaveLength(1);
    expect((await pdf({ maxJobBytes: first + second - 1 })).images).toHaveLength(1);
    expect((await pdf({ maxBytes: 10 })).images).toBeUndefined();
  });

  it('embeds pictures as data: URIs within the embedding cap, and links larger ones', async () => {
    const embedded = await convert('extraction/figures.pdf', 'application/pdf', { images: 'embedded' });
    const markdown = embedded.outputs['markdown'].body as string;
    expect(markdown).toMatch(/!\[Figure 1[^\]]*\]\(data:image\/png;base64,[A-Za-z0-9+/=]+\)/);
    expect(markdown).not.toContain('docformat-image:');
    const json = JSON.stringify(embedded.outputs['json'].body);
    expect(json).toContain('"url":"data:image/png;base64,');

    const capped = await convert(
      'extraction/figures.pdf',
      'application/pdf',
      { images: 'embedded' },
      {
        imageLimits: { ...DEFAULT_IMAGE_LIMITS, embedMaxBytes: 1000 },
      },
    );
    const body = capped.outputs['markdown'].body as string;
    expect(body).toContain('data:image/png;base64,'); // the 769-byte picture
    expect(body).toContain('(docformat-image:2)'); // the larger one, linked
  });

  it("decodes an HTML page's data: pictures and never fetches the others", async () => {
    const png = readFileSync(join(FIXTURES_DIR, 'misc/photo.png')).toString('base64');
    const html = `<html><body><h1>Cards</h1><p><img alt="The card" src="data:image/png;base64,${png}"></p>
      <p><img alt="Remote card" src="https://example.com/card.png"></p><p><img alt="" src="data:image/png;base64,${png}"></p></body></html>`;
    const result = await convertDocument({
      bytes: Buffer.from(html),
      contentType: 'text/html',
      formats: ['markdown'],
      maxPages: 1,
      options: { images: 'referenced' },
    });
    expect(result.images?.map((image) => image.width)).toEqual([640, 640]);
    const markdown = result.outputs['markdown'].body as string;
    expect(markdown).toContain('![The card](docformat-image:1)');
    expect(markdown).toContain('![Remote card](https://example.com/card.png)');
    expect(markdown).toContain('![](docformat-image:2)');
  });

  it('lists the pictures in an extraction, with their numbers, for every input type', async () => {
    for (const [name, type] of [
      ['extraction/figures.pdf', 'application/pdf'],
      ['office-data/media-deck.pptx', PPTX],
    ]) {
      const result = await convertDocument({
        bytes: fixture(name),
        contentType: type,
        formats: [],
        maxPages: 50,
        keep: { extraction: true },
        imageLimits: ANY_SIZE,
      });
      const extraction = JSON.parse(result.extraction!) as Extraction;
      const stored = extraction.images.filter((image) => image.n !== undefined);
      expect(stored.length).toBe(result.images?.length);
      expect(stored[0]).toMatchObject({ n: 1, mediaType: 'image/png', page: expect.any(Number) });
    }
  });
});
