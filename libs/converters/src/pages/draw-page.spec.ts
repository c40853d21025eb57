import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { drawPage } from './draw-page';

const fixtures = join(__dirname, '..', '..', 'fixtures');
const tables = readFileSync(join(fixtures, 'pdf-structure', 'tables.pdf'));
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describe('drawPage', () => {
  it('draws a PDF page as PNG at the asked resolution, and as WebP', async () => {
    const at72 = await drawPage({ bytes: tables, mimeType: 'application/pdf', page: 2, dpi: 72, format: 'png' });
    const at144 = await drawPage({ bytes: tables, mimeType: 'application/pdf', page: 2, dpi: 144, format: 'webp' });
    if (!at72.ok || !at144.ok) throw new Error('not drawn');
    expect(at72).toMatchObject({ mediaType: 'image/png', pageCount: 2 });
    expect(Buffer.from(at72.body).subarray(0, 8)).toEqual(PNG_MAGIC);
    expect(Buffer.from(at144.body).subarray(8, 12).toString('latin1')).toBe('WEBP');
    // US Letter: 612 × 792 points, a pixel a point at 72 dpi.
    expect([at72.width, at72.height]).toEqual([612, 792]);
    expect(at144.width).toBe(2 * at72.width);
    expect(at144.height).toBe(2 * at72.height);
  });

  it('draws an image as its one page, scaled from its resolution', async () => {
    const photo = readFileSync(join(fixtures, 'misc', 'photo.png'));
    const drawn = await drawPage({ bytes: photo, mimeType: 'image/png', page: 1, dpi: 150, format: 'png' });
    expect(drawn).toMatchObject({ ok: true, pageCount: 1 });
    expect(await drawPage({ bytes: photo, mimeType: 'image/png', page: 2, dpi: 150, format: 'png' })).toMatchObject({
      ok: false,
      reason: 'out-of-range',
      pageCount: 1,
    });
  });

  it('says which page is out of range, and that a damaged source is unreadable', async () => {
    expect(await drawPage({ bytes: tables, mimeType: 'application/pdf', page: 3, dpi: 72, format: 'png' })).toEqual({
      ok: false,
      reason: 'out-of-range',
      message: 'There is no page 3: the document has 2 pages.',
      pageCount: 2,
    });
    const damaged = Buffer.from('%PDF-1.7\nnot a pdf at all');
    expect(await drawPage({ bytes: damaged, mimeType: 'application/pdf', page: 1, dpi: 72, format: 'png' })).toMatchObject({
      ok: false,
      reason: 'unreadable',
    });
  });

  it('refuses a drawing over the pixel budget', async () => {
    const drawn = await drawPage({ bytes: tables, mimeType: 'application/pdf', page: 1, dpi: 300, format: 'png', maxPixels: 1_000_000 });
    expect(drawn).toMatchObject({ ok: false, reason: 'too-large' });
  });
});
