import { JobFailure, type PageImageFormat } from '@docformat/contracts';
import type { SKRSContext2D } from '@napi-rs/canvas';
import { canvasModule } from '../ocr/canvases';
import { imageResolution } from '../ocr/image-resolution';
import { DEFAULT_MAX_IMAGE_PIXELS, checkImageSize } from '../ocr/pixel-budget';
import { imageDimensions } from '../ocr/rotate-image';
import type { PdfCanvasFactory } from '../readers/pdf/canvas-factory';
import { openPdf } from '../readers/pdf/pdf-document';

export type { PageImageFormat };

/** One page of a kept source to draw (GET /job/{id}/pages/{n}). */
export interface PageDrawRequest {
  bytes: Uint8Array;
  /** application/pdf, image/png or image/jpeg. */
  mimeType: string;
  /** 1-based. */
  page: number;
  dpi: number;
  format: PageImageFormat;
  maxPixels?: number;
}

export type PageDrawing =
  | { ok: true; body: Uint8Array; mediaType: string; width: number; height: number; pageCount: number }
  /** Outcomes a client caused, as values: an Error thrown across the thread boundary loses its type. */
  | { ok: false; reason: 'out-of-range' | 'unreadable' | 'too-large'; message: string; pageCount?: number };

/** WebP quality: pages of text and line art show no loss at it, at a third of the PNG's size. */
const WEBP_QUALITY = 90;
/** Without a resolution in the file, an image is taken for a scan at this dpi (as OCR takes it). */
const IMAGE_ASSUMED_DPI = 300;

const MEDIA_TYPES: Record<PageImageFormat, string> = { png: 'image/png', webp: 'image/webp' };

/**
 * Draws one page, as pdf.js draws it for OCR (the document's bounded canvas factory),
 * encoded as PNG or WebP. An image source is its own only page, scaled from its
 * resolution (the file's, else 300 dpi) to `dpi`. Runs in a rendering thread.
 */
export async function drawPage(request: PageDrawRequest): Promise<PageDrawing> {
  const maxPixels = request.maxPixels ?? DEFAULT_MAX_IMAGE_PIXELS;
  try {
    return request.mimeType === 'application/pdf' ? await drawPdfPage(request, maxPixels) : await drawImage(request, maxPixels);
  } catch (error) {
    if (error instanceof JobFailure && error.code === 'FILE_TOO_LARGE') return { ok: false, reason: 'too-large', message: error.message };
    return { ok: false, reason: 'unreadable', message: `The kept source could not be drawn: ${(error as Error).message}` };
  }
}

async function drawPdfPage(request: PageDrawRequest, maxPixels: number): Promise<PageDrawing> {
  const pdf = await openPdf(request.bytes, maxPixels);
  try {
    const pageCount = pdf.pageCount;
    if (request.page > pageCount) return outOfRange(request.page, pageCount);
    const page = await pdf.document.getPage(request.page);
    const factory = (pdf.document as unknown as { canvasFactory: PdfCanvasFactory }).canvasFactory;
    const viewport = page.getViewport({ scale: request.dpi / 72 });
    const target = factory.create(Math.ceil(viewport.width), Math.ceil(viewport.height));
    try {
      const parameters = { canvasContext: target.context, viewport, canvas: target.canvas };
      await page.render(parameters as unknown as Parameters<typeof page.render>[0]).promise;
      const canvas = target.canvas!;
      return { ok: true, ...(await encoded(canvas, request.format)), width: canvas.width, height: canvas.height, pageCount };
    } finally {
      factory.destroy(target);
      page.cleanup();
    }
  } finally {
    await pdf.close();
  }
}

async function drawImage(request: PageDrawRequest, maxPixels: number): Promise<PageDrawing> {
  if (request.page > 1) return outOfRange(request.page, 1);
  const bytes = Buffer.from(request.bytes.buffer, request.bytes.byteOffset, request.bytes.byteLength);
  const stored = imageDimensions(bytes);
  checkImageSize('The image', stored, maxPixels);
  const scale = request.dpi / (imageResolution(bytes, request.mimeType === 'image/png' ? 'png' : 'jpg') ?? IMAGE_ASSUMED_DPI);
  const width = Math.max(1, Math.round(stored.width * scale));
  const height = Math.max(1, Math.round(stored.height * scale));
  checkImageSize('The page drawn', { width, height }, maxPixels);
  const skia = canvasModule();
  const image = await skia.loadImage(bytes);
  const canvas = skia.createCanvas(width, height);
  try {
    const context: SKRSContext2D = canvas.getContext('2d');
    context.drawImage(image, 0, 0, width, height);
    return { ok: true, ...(await encoded(canvas, request.format)), width, height, pageCount: 1 };
  } finally {
    // Skia's pixels go now, not when the wrappers are collected (see ocr/canvases.ts).
    canvas.width = 0;
    canvas.height = 0;
    image.src = Buffer.alloc(0);
  }
}

async function encoded(
  canvas: { encode(format: 'png'): Promise<Buffer>; encode(format: 'webp', quality: number): Promise<Buffer> },
  format: PageImageFormat,
): Promise<{ body: Uint8Array; mediaType: string }> {
  const body = format === 'png' ? await canvas.encode('png') : await canvas.encode('webp', WEBP_QUALITY);
  return { body, mediaType: MEDIA_TYPES[format] };
}

function outOfRange(page: number, pageCount: number): PageDrawing {
  const pages = pageCount === 1 ? 'has 1 page' : `has ${pageCount} pages`;
  return { ok: false, reason: 'out-of-range', message: `There is no page ${page}: the document ${pages}.`, pageCount };
}
