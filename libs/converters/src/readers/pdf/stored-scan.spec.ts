import { pdfImageBomb, zlibZeros } from '@docformat/file-types/testing';
import { deflateSync } from 'node:zlib';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { PDFDocument, PDFName, type PDFPage, type PDFRef } from 'pdf-lib';
import { fixture } from '../../testing/fixtures';
import { openPdf } from './pdf-document';
import { readPage } from './pdf-page-text';
import { jpegFrame, storedScans } from './stored-scan';

/** A gray test pattern: a dark bar on white, so a pixel-exact round trip can be checked. */
function grayRows(width: number, height: number): Buffer {
  const pixels = Buffer.alloc(width * height, 255);
  for (let y = 10; y < 20; y++) pixels.fill(0, y * width + 5, y * width + width - 5);
  return pixels;
}

/** Draws image `ref` over the whole page under the name /Im0. */
function drawImage(page: PDFPage, ref: PDFRef, flipped = false): void {
  const name = page.node.newXObject('Im', ref);
  const { width, height } = page.getSize();
  const matrix = flipped ? `${width} 0 0 ${-height} 0 ${height}` : `${width} 0 0 ${height} 0 0`;
  const content = page.doc.context.flateStream(`q ${matrix} cm ${name.asString()} Do Q`);
  page.node.set(PDFName.of('Contents'), page.doc.context.register(content));
}

/** A one-page PDF whose only image is gray samples compressed with Flate, optionally with PNG predictors. */
async function flatePdf(
  width: number,
  height: number,
  options: { predictor?: boolean; decode?: boolean; flipped?: boolean } = {},
): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  const page = document.addPage([width * 0.36, height * 0.36]); // 200 dpi
  const samples = grayRows(width, height);
  const rows = options.predictor
    ? Buffer.concat(
        Array.from({ length: height }, (_, y) => Buffer.concat([Buffer.from([0]), samples.subarray(y * width, (y + 1) * width)])),
      )
    : samples;
  const stream = document.context.stream(deflateSync(rows), {
    Type: 'XObject',
    Subtype: 'Image',
    Width: width,
    Height: height,
    BitsPerComponent: 8,
    ColorSpace: 'DeviceGray',
    Filter: 'FlateDecode',
    ...(options.predictor ? { DecodeParms: { Predictor: 15, Colors: 1, Columns: width, BitsPerComponent: 8 } } : {}),
    ...(options.decode ? { Decode: [1, 0] } : {}),
  });
  drawImage(page, document.context.register(stream), options.flipped);
  return document.save();
}

async function grayPixels(image: Buffer): Promise<number[]> {
  const picture = await loadImage(image);
  const canvas = createCanvas(picture.width, picture.height);
  const context = canvas.getContext('2d');
  context.drawImage(picture, 0, 0);
  const { data } = context.getImageData(0, 0, picture.width, picture.height);
  return Array.from({ length: picture.width * picture.height }, (_, index) => data[index * 4]);
}

describe('storedScans', () => {
  it("gives a JPEG scan's own bytes, unchanged (the fixtures' img2pdf scan)", async () => {
    const bytes = fixture('scanned/scanned-report.pdf');
    const image = await storedScans(bytes).image(2, { width: 1186, height: 1669 });
    expect(image).toBeDefined();
    expect(jpegFrame(image as Buffer)).toEqual({ width: 1186, height: 1669, components: 1 });
    // The stream's bytes as they sit in the file: nothing decoded or encoded again.
    expect(bytes.includes(image as Buffer)).toBe(true);
  });

  it.each([
    ['with PNG predictors (wrapped as they are)', true],
    ['without a predictor (each row gets its filter byte)', false],
  ])('gives Flate-compressed gray samples %s as a PNG with the same pixels', async (_, predictor) => {
    const image = await storedScans(await flatePdf(40, 30, { predictor })).image(1, { width: 40, height: 30 });
    expect(image?.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(await grayPixels(image as Buffer)).toEqual(Array.from(grayRows(40, 30)));
  });

  it('takes nothing whose look the stored samples do not give: a Decode array (inverted), another size than pdf.js saw', async () => {
    expect(await storedScans(await flatePdf(40, 30, { decode: true })).image(1, { width: 40, height: 30 })).toBeUndefined();
    expect(await storedScans(await flatePdf(40, 30)).image(1, { width: 80, height: 60 })).toBeUndefined();
  });

  it('takes nothing from a page with two images, a transparent image, or an encrypted file', async () => {
    const png = await createCanvas(20, 20).encode('png'); // RGBA: pdf-lib stores its alpha as an SMask
    const document = await PDFDocument.create();
    const page = document.addPage([100, 100]);
    const embedded = await document.embedPng(png);
    page.drawImage(embedded, { x: 0, y: 0, width: 100, height: 100 });
    const masked = await document.save();
    expect(await storedScans(masked).image(1, { width: 20, height: 20 })).toBeUndefined();

    page.drawImage(await document.embedJpg(await createCanvas(20, 20).encode('jpeg')), { x: 0, y: 0, width: 50, height: 50 });
    expect(await storedScans(await document.save()).image(1, { width: 20, height: 20 })).toBeUndefined();

    expect(await storedScans(fixture('encrypted-empty-user-password.pdf')).image(1, { width: 1, height: 1 })).toBeUndefined();
  });

  it('takes nothing from Flate samples that inflate to far more than the image needs: pdf.js draws it, reading only that', async () => {
    const document = await PDFDocument.create();
    const page = document.addPage([40 * 0.36, 30 * 0.36]);
    // 1,200 bytes of image in 64 MB of zeros, 64 KB on disk.
    const samples = document.context.stream(zlibZeros(64 * 1024 * 1024), {
      Type: 'XObject',
      Subtype: 'Image',
      Width: 40,
      Height: 30,
      BitsPerComponent: 8,
      ColorSpace: 'DeviceGray',
      Filter: 'FlateDecode',
    });
    drawImage(page, document.context.register(samples));
    expect(await storedScans(await document.save()).image(1, { width: 40, height: 30 })).toBeUndefined();
  });

  it('answers undefined for a file it cannot parse, without throwing', async () => {
    expect(await storedScans(Buffer.from('%PDF-1.4\nnot a pdf')).image(1, { width: 1, height: 1 })).toBeUndefined();
  });
});

describe("a page's image placement, as pdf.js draws it", () => {
  const placementOf = async (bytes: Uint8Array, maxImagePixels?: number) => {
    const pdf = await openPdf(bytes, maxImagePixels);
    try {
      return (await readPage(pdf.pdfjs, pdf.document, 1)).text.imagePlacement;
    } finally {
      await pdf.close();
    }
  };

  it('is known for an image drawn upright over the page, in page points from the top-left', async () => {
    const placement = await placementOf(await flatePdf(40, 30));
    expect(placement).toMatchObject({ left: 0, top: 0, pixelWidth: 40, pixelHeight: 30 });
    expect(placement?.width).toBeCloseTo(14.4);
    expect(placement?.height).toBeCloseTo(10.8);
  });

  it('is not known for an image over the pixel budget, which pdf.js leaves out without decoding it', async () => {
    const bomb = pdfImageBomb(3000, 3000);
    expect(await placementOf(bomb)).toMatchObject({ pixelWidth: 3000, pixelHeight: 3000 });
    expect(await placementOf(bomb, 4_000_000)).toBeUndefined();
  });

  it('is not known for an image drawn upside down (its stored rows are not the page as seen)', async () => {
    expect(await placementOf(await flatePdf(40, 30, { flipped: true }))).toBeUndefined();
  });
});

describe('jpegFrame', () => {
  it('reads the frame header past other markers, and refuses what is not a JPEG', () => {
    const frame = Buffer.from([
      0xff, 0xd8, 0xff, 0xe0, 0x00, 0x04, 0x00, 0x00, 0xff, 0xc0, 0x00, 0x0b, 0x08, 0x00, 0x1e, 0x00, 0x28, 0x03, 0, 0, 0,
    ]);
    expect(jpegFrame(frame)).toEqual({ width: 40, height: 30, components: 3 });
    expect(jpegFrame(Buffer.from('GIF89a....'))).toBeUndefined();
  });
});
