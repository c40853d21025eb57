import { JobFailure } from '@docformat/contracts';
import { deflateSync } from 'node:zlib';
import { gifFrames } from './image-headers';
import { imageResolution, plausibleDpi } from './image-resolution';
import { noteNative } from './native-memory';
import { DEFAULT_MAX_IMAGE_PIXELS, checkImageSize, checkPixels } from './pixel-budget';
import { pngFile } from '@docformat/file-types';
import { imageDimensions } from './rotate-image';
import { readDirectory, tiffDirectories } from './tiff-directories';

/** One page image Tesseract can read and its scale. */
export interface PageImage {
  image: Buffer;
  /** 72 / dpi of `image`. */
  pointsPerPixel: number;
}

export interface ImageFrames {
  /** Pages (TIFF frames); 1 for every other format, GIF included (its first frame). */
  count: number;
  /** Decodes frame `index` (0-based) only when asked: a long TIFF is never all in memory. */
  frame(index: number): Promise<PageImage>;
}

/** Without a resolution in the file, an image is taken for a 300 dpi scan. */
export const ASSUMED_DPI = 300;

const damaged = (error: unknown) =>
  new JobFailure('CORRUPT_DOCUMENT', 'The image is damaged or not in the format it claims to be.', false, { cause: error });

/**
 * An image file (format as image-size names it) → its pages. PNG, JPEG, GIF, WebP and
 * BMP go to Tesseract as they are: its Leptonica reads them all, and a damaged file
 * fails there as a plain error, whereas Skia (@napi-rs/canvas) was measured to crash
 * the whole process (segfault) on a truncated GIF or a garbage WebP. TIFF frames are
 * decoded in JavaScript (utif2) and go as PNG. Either way the pixels the file declares
 * are checked against `maxPixels` first: Leptonica and utif2 allocate what the header
 * says before they read a row.
 */
export async function decodeImage(bytes: Buffer, format: string, maxPixels = DEFAULT_MAX_IMAGE_PIXELS): Promise<ImageFrames> {
  if (format === 'tiff') return tiffFrames(bytes, maxPixels);
  checkDeclaredPixels(bytes, format, maxPixels);
  const dpi = imageResolution(bytes, format) ?? ASSUMED_DPI;
  return { count: 1, frame: async () => ({ image: bytes, pointsPerPixel: 72 / dpi }) };
}

/** A GIF's screen and every frame together (giflib holds all its frames at once); any other image's size from its header. */
function checkDeclaredPixels(bytes: Buffer, format: string, maxPixels: number): void {
  let size: { width: number; height: number };
  try {
    size = imageDimensions(bytes);
  } catch (error) {
    throw damaged(error);
  }
  if (format !== 'gif') return checkImageSize('The image', size, maxPixels);
  let pixels = size.width * size.height;
  for (const frame of gifFrames(bytes)) pixels += frame.width * frame.height;
  checkPixels('The GIF (its screen and every frame)', pixels, maxPixels);
}

/** Samples a TIFF frame may take before utif2 expands it to RGBA: up to 16-bit RGBA, 8 bytes a pixel. */
const MAX_SAMPLE_BYTES_PER_PIXEL = 8;

function tiffFrames(bytes: Buffer, maxPixels: number): ImageFrames {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first OCR only: the worker's main thread imports this lib
  const UTIF = require('utif2') as typeof import('utif2');
  // utif2 reads tag values at offsets from its buffer's start: the file, exactly.
  const file =
    bytes.byteOffset === 0 && bytes.buffer.byteLength === bytes.length
      ? bytes.buffer
      : bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length);
  const directories = tiffDirectories(bytes);
  if (directories.length === 0) throw damaged(new Error('TIFF without images'));
  return {
    count: directories.length,
    async frame(index) {
      const directory = directories[index];
      const what = directories.length > 1 ? `Page ${index + 1} of the TIFF` : 'The image';
      checkImageSize(what, directory, maxPixels);
      let rgba: Uint8Array;
      let ifd: ReturnType<typeof readDirectory>;
      try {
        ifd = readDirectory(UTIF, new Uint8Array(file as ArrayBuffer), directory);
        checkSampleBytes(what, ifd, directory, maxPixels);
        UTIF.decodeImage(file as ArrayBuffer, ifd);
        noteNative(ifd.data.byteLength + directory.width * directory.height * 4);
        rgba = UTIF.toRGBA8(ifd);
      } catch (error) {
        if (error instanceof JobFailure) throw error;
        throw damaged(error);
      }
      ifd.data = new Uint8Array(0); // the samples are in `rgba` now; let them go
      const { width, height } = directory;
      if (rgba.length < width * height * 4) throw damaged(new Error('TIFF frame without pixels'));
      const dpi = tiffDpi(ifd) ?? ASSUMED_DPI;
      return { image: rgbaToPng(rgba, width, height), pointsPerPixel: 72 / dpi };
    },
  };
}

/**
 * What utif2 allocates for a frame's samples (and one tile of them) before it decodes:
 * rows of width × bits × samples, which the tags set apart from the size; no more than
 * the budget's pixels at 16-bit RGBA.
 */
function checkSampleBytes(what: string, ifd: Record<string, unknown>, size: { width: number; height: number }, maxPixels: number): void {
  const first = (tag: number, fallback: number) => (Array.isArray(ifd[`t${tag}`]) ? Number((ifd[`t${tag}`] as number[])[0]) : fallback);
  const bitsPerPixel = first(258, 1) * first(277, 1);
  const tile = { width: first(322, 0), height: first(323, 0) };
  const budget = maxPixels * MAX_SAMPLE_BYTES_PER_PIXEL;
  const bytesFor = (area: { width: number; height: number }) => Math.ceil((area.width * bitsPerPixel) / 8) * area.height;
  if (!(bytesFor(size) <= budget) || !(bytesFor(tile) <= budget)) {
    throw new JobFailure('FILE_TOO_LARGE', `${what} declares ${bitsPerPixel} bits a pixel, more than a conversion decodes at its size.`);
  }
}

/**
 * RGBA samples → a PNG Tesseract reads: grey when every pixel is (one byte a pixel, a
 * third of RGB's memory and deflate time), else RGB; transparent pixels are laid on
 * white, as they would be on paper (black otherwise, once binarised). Written here
 * rather than through a canvas: a canvas held the frame twice more in native memory
 * (the frame, the page drawn from it), 1.5 GB for a 40-million-pixel TIFF page.
 */
export function rgbaToPng(rgba: Uint8Array, width: number, height: number): Buffer {
  let grey = true;
  for (let i = 0; i < width * height * 4 && grey; i += 4) grey = rgba[i] === rgba[i + 1] && rgba[i] === rgba[i + 2];
  const colours = grey ? 1 : 3;
  const rowBytes = width * colours + 1; // each row led by its filter byte, 0 (none)
  const rows = Buffer.alloc(rowBytes * height);
  noteNative(rows.length);
  for (let y = 0, from = 0; y < height; y++) {
    let to = y * rowBytes + 1;
    for (let x = 0; x < width; x++, from += 4) {
      const alpha = rgba[from + 3];
      for (let c = 0; c < colours; c++) {
        const value = rgba[from + c];
        rows[to++] = alpha === 255 ? value : Math.round((value * alpha + 255 * (255 - alpha)) / 255);
      }
    }
  }
  return pngFile({ width, height, bits: 8, colours }, deflateSync(rows, { level: 1 }));
}

/** XResolution (282) with ResolutionUnit (296): 2 = inch (the default), 3 = centimetre. */
function tiffDpi(ifd: Record<string, unknown>): number | undefined {
  // utif2 gives a RATIONAL as [[numerator, denominator]]
  const raw: unknown = Array.isArray(ifd['t282']) ? ifd['t282'][0] : undefined;
  const resolution = Array.isArray(raw) ? Number(raw[0]) / Number(raw[1] || 1) : Number(raw);
  const unit = Array.isArray(ifd['t296']) ? Number(ifd['t296'][0]) : 2;
  if (!resolution || !Number.isFinite(resolution) || unit === 1) return undefined;
  return plausibleDpi(unit === 3 ? resolution * 2.54 : resolution);
}
