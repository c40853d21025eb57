import { JobFailure } from '@docformat/contracts';

/**
 * How many pixels one image may have before anything decodes or draws it
 * (MAX_IMAGE_PIXELS). Decoded, every pixel takes ~4 bytes outside the V8 heap (Skia's
 * canvases and images, utif2's RGBA, pdf.js's image data, Leptonica inside Tesseract),
 * where the conversion thread's heap limit does not reach: a PNG or WebP of 28 bytes
 * declaring 16,384 × 16,384 pixels took an OCR engine to 1.2 GB, a 900 KB TIFF of
 * 30,000 × 30,000 a worker to 8.7 GB (docs/adr/0005-worker-memory.md). 40 million
 * admits an A4 or Letter page scanned at 600 dpi (35 million) and a phone photo.
 */
export const DEFAULT_MAX_IMAGE_PIXELS = 40_000_000;

export interface PixelSize {
  width: number;
  height: number;
}

/** Fails with FILE_TOO_LARGE when `pixels` (of `what`, e.g. "The image") is over the budget. */
export function checkPixels(what: string, pixels: number, maxPixels: number, size?: PixelSize): void {
  if (pixels > maxPixels) throw tooManyPixels(what, pixels, maxPixels, size);
}

/** The failure of `what`, which has `pixels` (`size`) where `maxPixels` are allowed. */
export function tooManyPixels(what: string, pixels: number, maxPixels: number, size?: PixelSize): JobFailure {
  const dimensions = size ? ` is ${count(size.width)} × ${count(size.height)} pixels (${millions(pixels)})` : ` holds ${millions(pixels)}`;
  return new JobFailure(
    'FILE_TOO_LARGE',
    `${what}${dimensions}; images of up to ${millions(maxPixels)} are converted, to bound the memory a conversion takes.`,
  );
}

/** checkPixels for one image of `size`. */
export function checkImageSize(what: string, size: PixelSize, maxPixels: number): void {
  checkPixels(what, size.width * size.height, maxPixels, size);
}

function count(value: number): string {
  return value.toLocaleString('en-US');
}

function millions(pixels: number): string {
  const value = pixels / 1e6;
  return `${value >= 10 ? Math.round(value).toLocaleString('en-US') : value.toPrecision(2)} million pixels`;
}
