import { type CtmOps, type OperatorList, throughCtm, walkWithCtm } from './ctm-walk';

interface ImageOps extends CtmOps {
  paintImageXObject: number;
  paintInlineImageXObject: number;
  paintImageMaskXObject: number;
  paintImageXObjectRepeat: number;
}

/** The page's largest image: the share of the page (0-1) it covers, and its resolution. */
export interface PageImage {
  coverage: number;
  /** Pixels per inch across the page, when the image's pixel size is known. */
  dpi?: number;
  /** Where it lies, when it is the page's only image, an image object drawn upright. */
  placement?: ImagePlacement;
  /** Pixels of every image the page paints: what pdf.js decoded for its operator list. */
  pixels: number;
}

/**
 * A stored image (an image XObject) drawn the right way up without skew: its first
 * pixel row at the top, in page points from the page's top-left corner. Such an image,
 * as stored, is the page as seen, so OCR can read it without drawing the page.
 */
export interface ImagePlacement {
  left: number;
  top: number;
  width: number;
  height: number;
  pixelWidth: number;
  pixelHeight: number;
}

/**
 * The largest image drawn on a page: an image is painted into the unit square of its
 * transformation matrix, so its page box is the CTM's image of that square (see
 * walkWithCtm), clipped to the page. That answers the one question
 * asked of it, "is this page a scan?" (one image over almost all of it), and at what
 * resolution it was scanned, which is the resolution worth rendering it at for OCR.
 */
export function largestImage(
  list: OperatorList,
  ops: ImageOps,
  page: { width: number; height: number },
  toPage: (x: number, y: number) => number[],
): PageImage {
  const painters = new Set([ops.paintImageXObject, ops.paintInlineImageXObject, ops.paintImageMaskXObject, ops.paintImageXObjectRepeat]);
  let largest: Omit<PageImage, 'pixels'> = { coverage: 0 };
  let count = 0;
  let pixels = 0;
  walkWithCtm(list, ops, (fn, args, ctm) => {
    if (!painters.has(fn)) return;
    count++;
    const size = pixelSize(args);
    if (size) pixels += size.width * size.height;
    const map = throughCtm(ctm, toPage);
    const corners = [
      [0, 0],
      [1, 0],
      [0, 1],
      [1, 1],
    ].map(([x, y]) => map(x, y));
    const xs = corners.map((c) => clamp(c[0], page.width));
    const ys = corners.map((c) => clamp(c[1], page.height));
    const boxWidth = Math.max(...xs) - Math.min(...xs);
    const coverage = (boxWidth * (Math.max(...ys) - Math.min(...ys))) / (page.width * page.height || 1);
    if (coverage <= largest.coverage) return;
    // A page turned sideways shows the image's height across: use the longer sides.
    const across = Math.max(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys));
    const dpi = size && across > 0 ? (Math.max(size.width, size.height) / across) * 72 : undefined;
    const placement = fn === ops.paintImageXObject && size ? upright(corners, size) : undefined;
    largest = { coverage, ...(dpi ? { dpi } : {}), ...(placement ? { placement } : {}) };
  });
  if (count > 1) delete largest.placement;
  return { ...largest, pixels };
}

/**
 * The unit square's corners (0,0), (1,0), (0,1), (1,1) on the page: an image is upright
 * when its top-left corner, (0,1) in image space, is the box's top-left and its sides
 * run along the page's (a turned page or a flipped CTM shows the samples otherwise).
 */
function upright(corners: number[][], pixels: { width: number; height: number }): ImagePlacement | undefined {
  const [bottomLeft, bottomRight, topLeft] = corners;
  const width = bottomRight[0] - bottomLeft[0];
  const height = bottomLeft[1] - topLeft[1];
  const skew = Math.abs(topLeft[0] - bottomLeft[0]) + Math.abs(bottomRight[1] - bottomLeft[1]);
  if (width <= 0 || height <= 0 || skew > 0.01) return undefined;
  return { left: topLeft[0], top: topLeft[1], width, height, pixelWidth: pixels.width, pixelHeight: pixels.height };
}

/** paintImageXObject carries [id, width, height]; an inline image carries its data with width and height. */
function pixelSize(args: unknown[] | null): { width: number; height: number } | undefined {
  if (!args) return undefined;
  const [first, width, height] = args;
  if (typeof width === 'number' && typeof height === 'number') return { width, height };
  if (first && typeof first === 'object' && 'width' in first && 'height' in first) {
    const data = first as { width: unknown; height: unknown };
    if (typeof data.width === 'number' && typeof data.height === 'number') return { width: data.width, height: data.height };
  }
  return undefined;
}

function clamp(value: number, max: number): number {
  return Math.min(max, Math.max(0, value));
}
