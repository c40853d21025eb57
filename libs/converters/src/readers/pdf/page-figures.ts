import type { BoundingBox } from '../../document';
import { trackedCanvas } from '../../ocr/canvases';
import { type CtmOps, type OperatorList, throughCtm, walkWithCtm } from './ctm-walk';

/** A picture a PDF page draws, as a PNG, where it lies (page points from the top-left): Plain data, for the assembly. */
export interface PdfFigure {
  page: number;
  bbox: BoundingBox;
  bytes: Uint8Array;
}

/** The share of the page above which an image is the page's scan, not a picture on it. */
const SCAN_COVERAGE = 0.8;

interface FigureOps extends CtmOps {
  paintImageXObject: number;
}

/** pdf.js's decoded image object (ImageKind: 1 = 1 bit gray, 2 = RGB, 3 = RGBA). */
interface DecodedImage {
  width: number;
  height: number;
  kind: number;
  data: Uint8Array | Uint8ClampedArray;
}

/** The page's image objects (PDFObjects): pdf.js decodes each one its operator list paints, the larger ones after the list. */
interface ImageObjects {
  has(id: string): boolean;
  get(id: string, resolved?: (value: unknown) => void): unknown;
}

/** How long a picture's samples may keep pdf.js waiting once its page's operator list is read. */
const DECODE_WAIT_MS = 5000;

/**
 * The image XObjects a page paints, each once, as PNGs drawn from the samples pdf.js
 * decoded for the operator list (so every filter and colour space it knows is read
 * the one way), with the box the CTM maps the unit square to. Images smaller than
 * `minSide` pixels a side are not drawn at all (rules, bullets, spacers), nor is one
 * that covers most of the page: that is a scan, the page itself, read by OCR; image masks
 * and inline images (stencils and small glyph-like pictures) are not pictures of the
 * document's. Only with ConversionOptions.readImages: it costs an encode per picture.
 */
export async function pageFigures(
  list: OperatorList,
  ops: FigureOps,
  objects: { page: ImageObjects; common: ImageObjects },
  page: { number: number; width: number; height: number },
  toPage: (x: number, y: number) => number[],
  minSide: number,
): Promise<PdfFigure[]> {
  const seen = new Set<string>();
  const painted: Array<{ id: string; bbox: BoundingBox }> = [];
  walkWithCtm(list, ops, (fn, args, ctm) => {
    if (fn !== ops.paintImageXObject || !args) return;
    const [id, width, height] = args as [unknown, unknown, unknown];
    if (typeof id !== 'string' || seen.has(id) || typeof width !== 'number' || typeof height !== 'number') return;
    seen.add(id);
    if (width < minSide || height < minSide) return;
    const map = throughCtm(ctm, toPage);
    const corners = [map(0, 0), map(1, 0), map(0, 1), map(1, 1)];
    const xs = corners.map((c) => c[0]);
    const ys = corners.map((c) => c[1]);
    const bbox: BoundingBox = [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)].map(round) as BoundingBox;
    if ((bbox[2] - bbox[0]) * (bbox[3] - bbox[1]) <= SCAN_COVERAGE * page.width * page.height) painted.push({ id, bbox });
  });
  const figures: PdfFigure[] = [];
  for (const { id, bbox } of painted) {
    const decoded = await decodedImage(id.startsWith('g_') ? objects.common : objects.page, id);
    const bytes = decoded ? encodePng(decoded) : undefined;
    if (bytes) figures.push({ page: page.number, bbox, bytes });
  }
  return figures;
}

/** The decoded samples, once pdf.js has them; undefined when it never does (a broken image). */
function decodedImage(store: ImageObjects, id: string): Promise<DecodedImage | undefined> {
  if (store.has(id)) return Promise.resolve((store.get(id) as DecodedImage | null) ?? undefined);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(undefined), DECODE_WAIT_MS);
    store.get(id, (value) => {
      clearTimeout(timer);
      resolve((value as DecodedImage | null) ?? undefined);
    });
  });
}

/** RGBA samples of a decoded image, or undefined for a kind pdf.js does not give as samples (a bitmap). */
function rgba(image: DecodedImage): Uint8ClampedArray | undefined {
  const { width, height, kind, data } = image;
  if (!data || !width || !height) return undefined;
  const pixels = width * height;
  const out = new Uint8ClampedArray(pixels * 4);
  if (kind === 3 && data.length >= pixels * 4) out.set(data.subarray(0, pixels * 4));
  else if (kind === 2 && data.length >= pixels * 3) {
    for (let i = 0, j = 0; i < pixels; i++, j += 3) out.set([data[j], data[j + 1], data[j + 2], 255], i * 4);
  } else if (kind === 1) {
    // One bit a pixel, rows padded to whole bytes, 1 = white (pdf.js's GRAYSCALE_1BPP).
    const stride = Math.ceil(width / 8);
    if (data.length < stride * height) return undefined;
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const value = (data[y * stride + (x >> 3)] >> (7 - (x & 7))) & 1 ? 255 : 0;
        out.set([value, value, value, 255], (y * width + x) * 4);
      }
    }
  } else return undefined;
  return out;
}

function encodePng(image: DecodedImage): Uint8Array | undefined {
  const samples = rgba(image);
  if (!samples) return undefined;
  const canvas = trackedCanvas(image.width, image.height);
  try {
    const context = canvas.value.getContext('2d');
    const data = context.createImageData(image.width, image.height);
    data.data.set(samples);
    context.putImageData(data, 0, 0);
    return new Uint8Array(canvas.value.toBuffer('image/png'));
  } finally {
    canvas.release();
  }
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}
