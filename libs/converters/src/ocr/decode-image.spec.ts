import { bmpBomb, gifBomb, jpegBomb, pngBomb, tiffBomb, webpBomb } from '@docformat/file-types/testing';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FIXTURES_DIR } from '../testing/fixtures';
import { decodeImage, rgbaToPng } from './decode-image';
import { takeNativePeak } from './native-memory';
import { DEFAULT_MAX_IMAGE_PIXELS } from './pixel-budget';
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

  // 8,000 × 8,000 is 64 million pixels, over the default 40 million: ~250 MB decoded.
  it.each([
    ['a PNG', pngBomb(8000, 8000), 'png'],
    ['a JPEG', jpegBomb(8000, 8000), 'jpg'],
    ['a WebP of 28 bytes', webpBomb(8000, 8000), 'webp'],
    ['a BMP', bmpBomb(8000, 8000), 'bmp'],
    ['a TIFF', tiffBomb(8000, 8000), 'tiff'],
    ['a GIF whose frame is larger than its screen', gifBomb({ width: 100, height: 100 }, { width: 8000, height: 8000 }), 'gif'],
  ])('fails %s declaring 64 million pixels with FILE_TOO_LARGE before decoding it', async (_name, bytes, format) => {
    expect(DEFAULT_MAX_IMAGE_PIXELS).toBeLessThan(64_000_000);
    expect(await failure(decodeImage(bytes, format))).toBe('FILE_TOO_LARGE');
  });

  it('checks each TIFF page against the budget as it is decoded, and names it', async () => {
    const frames = await decodeImage(tiffBomb(2000, 1500, 3), 'tiff', 4_000_000);
    expect(frames.count).toBe(3);
    await expect(frames.frame(1)).resolves.toEqual(expect.objectContaining({ pointsPerPixel: 72 / 300 }));
    await expect(decodeImage(tiffBomb(2000, 1500, 3), 'tiff', 1_000_000).then((tiff) => tiff.frame(2))).rejects.toMatchObject({
      code: 'FILE_TOO_LARGE',
      message: expect.stringMatching(/^Page 3 of the TIFF is 2,000 × 1,500 pixels \(3.0 million pixels\); images of up to 1.0 million/),
    });
  });

  it('fails a TIFF page whose samples are wider than its size says (65,535 samples a pixel) with FILE_TOO_LARGE', async () => {
    const tiff = tiffBomb(1000, 1000);
    const samplesPerPixel = tiff.indexOf(Buffer.from([0x15, 0x01, 0x03, 0x00]), 8); // tag 277, SHORT
    tiff.writeUInt16LE(65535, samplesPerPixel + 8);
    expect(await failure(decodeImage(tiff, 'tiff'))).toBe('FILE_TOO_LARGE');
  });

  it('counts a TIFF page it decodes as native memory of the task', async () => {
    takeNativePeak();
    await (await decodeImage(tiffBomb(2000, 1500), 'tiff')).frame(0);
    expect(takeNativePeak()).toBeGreaterThanOrEqual(2000 * 1500 * 4);
  });

  it('writes RGBA as a grey PNG when every pixel is grey, laying transparent pixels on white', async () => {
    const rgba = Uint8Array.from([0, 0, 0, 255, 0, 0, 0, 0, 200, 200, 200, 255, 10, 10, 10, 128]);
    const png = rgbaToPng(rgba, 2, 2);
    expect(png[25]).toBe(0); // IHDR colour type: grey
    const { createCanvas, loadImage } = await import('@napi-rs/canvas');
    const canvas = createCanvas(2, 2);
    canvas.getContext('2d').drawImage(await loadImage(png), 0, 0);
    const pixels = [...canvas.getContext('2d').getImageData(0, 0, 2, 2).data].filter((_, i) => i % 4 === 0);
    expect(pixels).toEqual([0, 255, 200, 132]);
  });
});
