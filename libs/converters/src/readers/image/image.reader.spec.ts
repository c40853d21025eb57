import { bmpBomb } from '@docformat/file-types/testing';
import { convertText } from '../../testing/convert-text';
import { failureCode, fixture } from '../../testing/fixtures';

/** Without OCR: the metadata-only description. OCR'd images are in image-ocr.spec.ts. */
const convert = (bytes: Buffer, mimeType: string, fileName?: string) =>
  convertText({ bytes, contentType: mimeType, fileName, formats: ['markdown', 'text'], maxPages: 1, options: { ocr: 'off' } });
const convertFixture = (name: string, mimeType: string) => convert(fixture(name), mimeType, name);

/** Minimal headers: enough for the dimensions, which is all the reader looks at. */
const gif = Buffer.concat([Buffer.from('GIF89a'), Buffer.from([0x20, 0x00, 0x10, 0x00, 0, 0, 0]), Buffer.from([0x3b])]);
describe('Image reader with OCR off', () => {
  it('describes a PNG: dimensions, format and its tEXt title and author; one page, no OCR text', async () => {
    const result = await convertFixture('misc/photo.png', 'image/png');
    expect(result.outputs['text']).toBe('Image: 640×480 PNG\nTitle: Blue square\nAuthor: Ada Example\n');
    expect(result.metadata).toEqual({ title: 'Blue square', author: 'Ada Example' });
    expect(result.pages).toBe(1);
  });

  it('describes a JPEG with its EXIF description, artist and date taken', async () => {
    const result = await convertFixture('misc/photo.jpg', 'image/jpeg');
    expect(result.outputs['markdown']).toBe(
      'Image: 320×200 JPEG  \nTitle: Orange test card  \nAuthor: Grace Sample  \nCreated: 2024-05-01T12:30:00\n',
    );
    expect(result.metadata).toEqual({ title: 'Orange test card', author: 'Grace Sample', createdAt: '2024-05-01T12:30:00' });
  });

  it('reads GIF and BMP headers, found by extension when served as octet-stream', async () => {
    expect((await convert(gif, 'application/octet-stream', 'anim.gif')).outputs['text']).toBe('Image: 32×16 GIF\n');
    expect((await convert(bmpBomb(300, 200), 'image/bmp')).outputs['text']).toBe('Image: 300×200 BMP\n');
  });

  it('names the format the bytes have, not the one claimed', async () => {
    expect((await convert(fixture('misc/photo.jpg'), 'image/png', 'photo.png')).outputs['text']).toMatch(/^Image: 320×200 JPEG\n/);
  });

  it('ignores damaged EXIF data instead of failing', async () => {
    const jpeg = Buffer.from(fixture('misc/photo.jpg'));
    const exif = jpeg.indexOf('Exif\0\0', 0, 'latin1');
    jpeg.writeUInt32BE(0xfffffff0, exif + 10); // IFD0 offset far past the end
    const result = await convert(jpeg, 'image/jpeg');
    expect(result.outputs['text']).toBe('Image: 320×200 JPEG\n');
  });

  it.each([
    ['wrong magic', Buffer.from('This is not a PNG at all, just text.')],
    ['a truncated PNG', fixture('misc/photo.png').subarray(0, 12)],
    ['an empty file', Buffer.alloc(0)],
  ])('fails %s with CORRUPT_DOCUMENT', async (_name, bytes) => {
    expect(await failureCode(convert(bytes, 'image/png'))).toBe('CORRUPT_DOCUMENT');
  });

  it('refuses image kinds it does not describe (an icon served as image/png)', async () => {
    const ico = Buffer.from([0, 0, 1, 0, 1, 0, 16, 16, 0, 0, 1, 0, 32, 0, 0, 0, 0, 0, 22, 0, 0, 0]);
    expect(await failureCode(convert(ico, 'image/png'))).toBe('UNSUPPORTED_DOCUMENT_TYPE');
  });
});
