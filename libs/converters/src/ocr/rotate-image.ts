import { trackedCanvas, trackedImage } from './canvases';

export type Rotation = 0 | 90 | 180 | 270;

/** Above this, OCR only gets slower (measurements in ocr-engine.ts), so finer scans are scaled down. */
export const MAX_OCR_DPI = 300;

/** Pixel size of an encoded image, from its header (image-size: no decoding). */
export function imageDimensions(image: Buffer): { width: number; height: number } {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first OCR only: the worker's main thread imports this lib
  const { imageSize } = require('image-size') as typeof import('image-size');
  const { width = 0, height = 0 } = imageSize(image);
  return { width, height };
}

/**
 * The image turned clockwise by `degrees` and scaled by `scale` (≤ 1), as a JPEG at
 * quality 92 (PNG encoding took 0.8 s for a 200 dpi page, JPEG 35 ms, with no change
 * in what Tesseract reads); the image itself when neither applies.
 * Only call this on an image Tesseract has already decoded: Skia crashes the process
 * on some damaged files (see decode-image.ts), Leptonica only fails.
 */
export async function transformImage(image: Buffer, degrees: Rotation, scale = 1): Promise<Buffer> {
  if (degrees === 0 && scale >= 1) return image;
  return drawTurned(image, degrees, (source) => ({
    x0: 0,
    y0: 0,
    width: source.width,
    height: source.height,
    outWidth: Math.max(1, Math.round(source.width * scale)),
    outHeight: Math.max(1, Math.round(source.height * scale)),
  }));
}

/** A rectangle of an image, in pixels. */
export interface PixelBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/**
 * The parts `boxes` of an image, each as a JPEG (as transformImage writes its pages),
 * from one decoding of the image: for the regions of a page that read another way
 * round than the rest (turned-regions.ts), which are then turned one by one, small.
 * Only for an image Tesseract has decoded.
 */
export async function cropImages(image: Buffer, boxes: readonly PixelBox[]): Promise<Buffer[]> {
  const source = await trackedImage(image);
  try {
    return boxes.map((box) => {
      const x0 = Math.max(0, Math.floor(box.x0));
      const y0 = Math.max(0, Math.floor(box.y0));
      const width = Math.max(1, Math.min(source.value.width, Math.ceil(box.x1)) - x0);
      const height = Math.max(1, Math.min(source.value.height, Math.ceil(box.y1)) - y0);
      return draw(source.value, 0, { x0, y0, width, height, outWidth: width, outHeight: height });
    });
  } finally {
    source.release();
  }
}

/** The part of the source to draw, and its size once drawn (before turning). */
type Draw = { x0: number; y0: number; width: number; height: number; outWidth: number; outHeight: number };

/** Decodes the image (Skia), draws the part `what` says, turned clockwise by `degrees`. */
async function drawTurned(image: Buffer, degrees: Rotation, what: (source: { width: number; height: number }) => Draw): Promise<Buffer> {
  const source = await trackedImage(image);
  try {
    return draw(source.value, degrees, what(source.value));
  } finally {
    source.release();
  }
}

/** Draws a part of a decoded image on white, turned clockwise by `degrees`, and encodes it as JPEG at quality 92. */
function draw(source: Decoded, degrees: Rotation, { x0, y0, width, height, outWidth, outHeight }: Draw): Buffer {
  const sideways = degrees === 90 || degrees === 270;
  const target = trackedCanvas(sideways ? outHeight : outWidth, sideways ? outWidth : outHeight);
  try {
    const canvas = target.value;
    const context = canvas.getContext('2d');
    context.fillStyle = '#fff'; // transparent pixels would binarise as black
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.translate(canvas.width / 2, canvas.height / 2);
    context.rotate((degrees * Math.PI) / 180);
    context.drawImage(source, x0, y0, width, height, -outWidth / 2, -outHeight / 2, outWidth, outHeight);
    return canvas.toBuffer('image/jpeg', 92);
  } finally {
    target.release();
  }
}

/** An image Skia decoded. */
type Decoded = Awaited<ReturnType<typeof trackedImage>>['value'];
