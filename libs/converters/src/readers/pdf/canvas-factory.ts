import { BYTES_PER_PIXEL, type Canvas, canvasModule } from '../../ocr/canvases';
import { holdNative } from '../../ocr/native-memory';
import { checkImageSize } from '../../ocr/pixel-budget';

/** What pdf.js asks of a document's canvas factory (its BaseCanvasFactory, not exported). */
export interface CanvasAndContext {
  canvas: Canvas | null;
  context: ReturnType<Canvas['getContext']> | null;
}

export interface PdfCanvasFactory {
  create(width: number, height: number): CanvasAndContext;
  reset(target: CanvasAndContext, width: number, height: number): void;
  destroy(target: CanvasAndContext): void;
}

/**
 * pdf.js's canvas factory for a document (getDocument's `CanvasFactory`): every canvas
 * it draws into, the page drawn for OCR and those it makes on the way (an image's
 * pixels, masks, patterns), is checked against the pixel budget before Skia allocates
 * it and counted as this thread's native memory until pdf.js is done with it. pdf.js's
 * own Node factory is the same without the check and the count.
 */
export function boundedCanvasFactory(maxPixels: number): new (options?: unknown) => PdfCanvasFactory {
  const held = new WeakMap<Canvas, () => void>();
  const hold = (canvas: Canvas, width: number, height: number) => {
    held.get(canvas)?.();
    held.set(canvas, holdNative(width * height * BYTES_PER_PIXEL));
  };
  const check = (width: number, height: number) => {
    if (width <= 0 || height <= 0) throw new Error('Invalid canvas size');
    checkImageSize('A drawing of the PDF page', { width, height }, maxPixels);
  };
  return class BoundedCanvasFactory implements PdfCanvasFactory {
    create(width: number, height: number): CanvasAndContext {
      check(width, height);
      const canvas = canvasModule().createCanvas(width, height);
      hold(canvas, width, height);
      return { canvas, context: canvas.getContext('2d') };
    }

    reset(target: CanvasAndContext, width: number, height: number): void {
      if (!target.canvas) throw new Error('Canvas is not specified');
      check(width, height);
      target.canvas.width = width;
      target.canvas.height = height;
      hold(target.canvas, width, height);
    }

    destroy(target: CanvasAndContext): void {
      if (!target.canvas) throw new Error('Canvas is not specified');
      held.get(target.canvas)?.();
      held.delete(target.canvas);
      target.canvas.width = 0;
      target.canvas.height = 0;
      target.canvas = null;
      target.context = null;
    }
  };
}
