import { gifBomb, pngBomb, tiffBomb } from '@docformat/file-types/testing';
import { convertInThread } from '../../testing/convert-in-thread';
import { convertText } from '../../testing/convert-text';
import { failureCode } from '../../testing/fixtures';

/**
 * Images that would take a conversion far more memory than they take on disk, read with
 * OCR as an image job is: each fails with a clear code before anything allocates for
 * them. The TIFF cases run in a thread with a small heap, as the worker's do: before
 * their bounds they filled it (utif2 read every directory and every value a tag claims).
 */
const HEAP_MB = 96;

const readTiff = (bytes: Buffer) => convertInThread({ bytes, contentType: 'image/tiff', formats: ['text'], maxPages: 2000 }, HEAP_MB);

describe('Image reader: memory bounds', () => {
  it('fails a TIFF whose directories loop with CORRUPT_DOCUMENT, in a small heap', async () => {
    const tiff = tiffBomb(10, 10, 2);
    const first = tiff.readUInt32LE(4);
    tiff.writeUInt32LE(first, first + 2 * (2 + 10 * 12 + 4) - 4); // the second directory's link back to the first
    expect(await readTiff(tiff)).toEqual({ error: 'CORRUPT_DOCUMENT' });
  }, 60_000);

  it('fails a TIFF tag claiming a billion values with CORRUPT_DOCUMENT, in a small heap', async () => {
    const tiff = tiffBomb(10, 10);
    tiff.writeUInt32LE(1_000_000_000, tiff.readUInt32LE(4) + 2 + 5 * 12 + 4); // StripOffsets
    expect(await readTiff(tiff)).toEqual({ error: 'CORRUPT_DOCUMENT' });
  }, 60_000);

  it('fails a TIFF of 200,000 pages (25 MB) with TOO_MANY_PAGES, in a small heap', async () => {
    expect(await readTiff(tiffBomb(10, 10, 200_000))).toEqual({ error: 'TOO_MANY_PAGES' });
  }, 60_000);

  it.each([
    ['a PNG of 8,000 × 8,000 pixels', pngBomb(8000, 8000), 'image/png'],
    [
      'a GIF of a 100 × 100 screen holding an 8,000 × 8,000 frame',
      gifBomb({ width: 100, height: 100 }, { width: 8000, height: 8000 }),
      'image/gif',
    ],
  ])('fails %s with FILE_TOO_LARGE before OCR', async (_name, bytes, contentType) => {
    expect(await failureCode(convertText({ bytes, contentType, formats: ['text'], maxPages: 1 }))).toBe('FILE_TOO_LARGE');
  });

  it('still describes such an image with OCR off: nothing is decoded', async () => {
    const result = await convertText({
      bytes: pngBomb(8000, 8000),
      contentType: 'image/png',
      formats: ['text'],
      maxPages: 1,
      options: { ocr: 'off' },
    });
    expect(result.outputs['text']).toBe('Image: 8000×8000 PNG\n');
  });
});
