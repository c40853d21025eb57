import { JobFailure } from '@docformat/contracts';
import { imageResolution, plausibleDpi } from './image-resolution';
import { MAX_OCR_DPI } from './rotate-image';

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
 * decoded in JavaScript (utif2) and only those pixels go through canvas, as PNG.
 */
export async function decodeImage(bytes: Buffer, format: string): Promise<ImageFrames> {
  if (format === 'tiff') return tiffFrames(bytes);
  const dpi = imageResolution(bytes, format) ?? ASSUMED_DPI;
  return { count: 1, frame: async () => ({ image: bytes, pointsPerPixel: 72 / dpi }) };
}

function tiffFrames(bytes: Buffer): ImageFrames {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first OCR only: the worker's main thread imports this lib
  const UTIF = require('utif2') as typeof import('utif2');
  let ifds: ReturnType<typeof UTIF.decode>;
  try {
    ifds = UTIF.decode(bytes).filter((ifd) => ifd['t256'] && ifd['t257']); // frames with pixels, not thumbnails-only entries
  } catch (error) {
    throw damaged(error);
  }
  if (ifds.length === 0) throw damaged(new Error('TIFF without images'));
  const canvas = loadCanvas();
  return {
    count: ifds.length,
    async frame(index) {
      const ifd = ifds[index];
      let rgba: Uint8Array;
      try {
        UTIF.decodeImage(bytes, ifd);
        rgba = UTIF.toRGBA8(ifd);
      } catch (error) {
        throw damaged(error);
      }
      const { width, height } = ifd;
      if (!width || !height || rgba.length < width * height * 4) throw damaged(new Error('TIFF frame without pixels'));
      const dpi = tiffDpi(ifd) ?? ASSUMED_DPI;
      const pixels = new canvas.ImageData(new Uint8ClampedArray(rgba.buffer, rgba.byteOffset, width * height * 4), width, height);
      const source = canvas.createCanvas(width, height);
      source.getContext('2d').putImageData(pixels, 0, 0);
      ifd.data = new Uint8Array(0); // the decoded frame is in the canvas now; let it go
      return toPng(canvas, width, height, dpi, (context, w, h) => context.drawImage(source, 0, 0, w, h));
    },
  };
}

type Canvas = typeof import('@napi-rs/canvas');
type Context = ReturnType<ReturnType<Canvas['createCanvas']>['getContext']>;

function loadCanvas(): Canvas {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first OCR only: the worker's main thread imports this lib
  return require('@napi-rs/canvas') as Canvas;
}

/** Draws onto a white page (transparent pixels would binarise as black), scaled to ≤ MAX_OCR_DPI. */
function toPng(
  canvas: Canvas,
  width: number,
  height: number,
  dpi: number,
  draw: (context: Context, width: number, height: number) => void,
): PageImage {
  const scale = Math.min(1, MAX_OCR_DPI / dpi);
  const target = canvas.createCanvas(Math.max(1, Math.round(width * scale)), Math.max(1, Math.round(height * scale)));
  const context = target.getContext('2d');
  context.fillStyle = '#fff';
  context.fillRect(0, 0, target.width, target.height);
  draw(context, target.width, target.height);
  return { image: target.toBuffer('image/png'), pointsPerPixel: 72 / (dpi * scale) };
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
