import type { Pdfjs } from './load-pdfjs';

type Ops = Pdfjs['OPS'];

/**
 * Operators that only set state (graphics, text or colour state, clipping, marked
 * content, groups) and put no ink on the page. Anything else (text shown, a path
 * painted, an image, a shading, a form or annotation's content) counts as ink, so an
 * operator pdf.js adds later is taken for ink, never for blank.
 */
const STATE_ONLY: ReadonlyArray<keyof Ops> = [
  'dependency',
  'setLineWidth',
  'setLineCap',
  'setLineJoin',
  'setMiterLimit',
  'setDash',
  'setRenderingIntent',
  'setFlatness',
  'setGState',
  'save',
  'restore',
  'transform',
  'clip',
  'eoClip',
  'endPath',
  'beginText',
  'endText',
  'setCharSpacing',
  'setWordSpacing',
  'setHScale',
  'setLeading',
  'setFont',
  'setTextRenderingMode',
  'setTextRise',
  'moveText',
  'setLeadingMoveText',
  'setTextMatrix',
  'nextLine',
  'setCharWidth',
  'setCharWidthAndBounds',
  'setStrokeColorSpace',
  'setFillColorSpace',
  'setStrokeColor',
  'setStrokeColorN',
  'setFillColor',
  'setFillColorN',
  'setStrokeGray',
  'setFillGray',
  'setStrokeRGBColor',
  'setFillRGBColor',
  'setStrokeCMYKColor',
  'setFillCMYKColor',
  'markPoint',
  'markPointProps',
  'beginMarkedContent',
  'beginMarkedContentProps',
  'endMarkedContent',
  'beginCompat',
  'endCompat',
  'setStrokeTransparent',
  'setFillTransparent',
];

/**
 * Whether a page's operator list puts nothing on the page: an empty page, or one whose
 * only image pdf.js left out for its size (pdf-document.ts). Such a page has nothing to
 * read, and drawing it for OCR started an engine (70-100 MB) to find nothing.
 */
export function paintsNothing(list: { fnArray: readonly number[] }, ops: Ops): boolean {
  const state = new Set(STATE_ONLY.map((name) => ops[name]));
  return list.fnArray.every((fn) => state.has(fn));
}
