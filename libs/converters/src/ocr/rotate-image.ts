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
  const source = await trackedImage(image);
  try {
    const width = Math.max(1, Math.round(source.value.width * scale));
    const height = Math.max(1, Math.round(source.value.height * scale));
    const sideways = degrees === 90 || degrees === 270;
    const target = trackedCanvas(sideways ? height : width, sideways ? width : height);
    try {
      const canvas = target.value;
      const context = canvas.getContext('2d');
      context.fillStyle = '#fff'; // transparent pixels would binarise as black
      context.fillRect(0, 0, canvas.width, canvas.height);
      context.translate(canvas.width / 2, canvas.height / 2);
      context.rotate((degrees * Math.PI) / 180);
      context.drawImage(source.value, -width / 2, -height / 2, width, height);
      return canvas.toBuffer('image/jpeg', 92);
    } finally {
      target.release();
    }
  } finally {
    source.release();
  }
}
