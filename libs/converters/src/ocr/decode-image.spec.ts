import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FIXTURES_DIR } from '../testing/fixtures';
import { decodeImage } from './decode-image';
import { imageDimensions, transformImage } from './rotate-image';

const fixture = (name: string) => readFileSync(join(FIXTURES_DIR, 'ocr', name));
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47]);

async function failure(run: Promise<unknown>): Promise<string> {
  try {
    const frames = (await run) as Awaited<ReturnType<typeof decodeImage>>;
    await frames.frame(0);
  } catch (error) {
    return (error as { code?: string }).code ?? String(error);
  }
  return 'no failure';
}

describe('decodeImage', () => {
  it('passes a PNG at ≤ 300 dpi through untouched, with the resolution it records', async () => {
    const bytes = fixture('report.png');
    const frames = await decodeImage(bytes, 'png');
    expect(frames.count).toBe(1);
    const page = await frames.frame(0);
    expect(page.image).toBe(bytes);
    expect(page.pointsPerPixel).toBeCloseTo(72 / 200, 3);
  });

  it('reads the JFIF density of a JPEG', async () => {
    expect((await (await decodeImage(fixture('photo.jpg'), 'jpg')).frame(0)).pointsPerPixel).toBeCloseTo(72 / 200, 2);
  });

  it.each([
    ['heading.bmp', 'bmp'],
    ['heading.gif', 'gif'],
    ['heading.webp', 'webp'],
  ])('hands %s to Tesseract as it is (Leptonica reads it), at the assumed 300 dpi', async (name, format) => {
    const bytes = fixture(name);
    const page = await (await decodeImage(bytes, format)).frame(0);
    expect(page.image).toBe(bytes);
    expect(page.pointsPerPixel).toBeCloseTo(72 / 300, 3);
  });

  it('splits a multi-page TIFF into PNG frames with the TIFF resolution', async () => {
    const frames = await decodeImage(fixture('pages.tiff'), 'tiff');
    expect(frames.count).toBe(3);
    const third = await frames.frame(2);
    expect(third.image.subarray(0, 4)).toEqual(PNG_MAGIC);
    expect(imageDimensions(third.image)).toEqual({ width: 1100, height: 800 });
    expect(third.pointsPerPixel).toBeCloseTo(72 / 200, 3);
  });

  it('reads the resolution a PNG records (pHYs), so that a 600 dpi scan is known as one', async () => {
    const png = Buffer.from(fixture('report.png'));
    const phys = png.indexOf('pHYs', 0, 'latin1');
    png.writeUInt32BE(23622, phys + 4); // 600 dpi in pixels per metre
    png.writeUInt32BE(23622, phys + 8);
    expect((await (await decodeImage(png, 'png')).frame(0)).pointsPerPixel).toBeCloseTo(72 / 600, 3);
  });

  it('turns and scales an image for OCR in one pass', async () => {
    const turned = await transformImage(fixture('report.png'), 90, 0.5);
    expect(imageDimensions(turned)).toEqual({ width: 400, height: 550 });
    const upright = fixture('report.png');
    expect(await transformImage(upright, 0, 1)).toBe(upright); // nothing to do: no re-encoding
  });

  it.each([
    ['a truncated TIFF', fixture('pages.tiff').subarray(0, 600), 'tiff'],
    ['a TIFF header without frames', Buffer.from('II*\0\x08\0\0\0\0\0', 'latin1'), 'tiff'],
  ])('fails %s with CORRUPT_DOCUMENT', async (_name, bytes, format) => {
    expect(await failure(decodeImage(bytes, format))).toBe('CORRUPT_DOCUMENT');
  });
});
