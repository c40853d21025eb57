import type { Pdfjs } from './load-pdfjs';

type PdfDocument = Awaited<ReturnType<Pdfjs['getDocument']>['promise']>;
type PdfPage = Awaited<ReturnType<PdfDocument['getPage']>>;

/** One positioned run of text, in top-left page coordinates (points). */
export interface PdfTextItem {
  text: string;
  x: number;
  /** Baseline, measured from the top of the page. */
  y: number;
  width: number;
  /** Font size in points. */
  size: number;
  bold: boolean;
  italic: boolean;
  mono: boolean;
}

export interface PdfPageText {
  /** 1-based. */
  page: number;
  width: number;
  height: number;
  items: PdfTextItem[];
}

/**
 * The text of one page with position and font style: what layout analysis needs and
 * what plain text extraction (pdf-parse's getText) throws away. The operator list is
 * built only so that pdf.js resolves the fonts: their real names (…-Bold, …Mono)
 * are the only reliable weight and family signal.
 */
export async function readPageText(document: PdfDocument, pageNumber: number): Promise<PdfPageText> {
  const page = await document.getPage(pageNumber);
  try {
    const viewport = page.getViewport({ scale: 1 });
    const content = await page.getTextContent();
    await page.getOperatorList();
    const items: PdfTextItem[] = [];
    for (const item of content.items) {
      if (!('str' in item) || item.str === '') continue;
      const [, , c, d, e, f] = item.transform as number[];
      const [x, y] = viewport.convertToViewportPoint(e, f);
      const style = fontStyle(page, item.fontName, content.styles[item.fontName]?.fontFamily);
      items.push({ text: item.str, x, y, width: item.width, size: Math.hypot(c, d) || item.height, ...style });
    }
    return { page: pageNumber, width: viewport.width, height: viewport.height, items };
  } finally {
    page.cleanup();
  }
}

function fontStyle(page: PdfPage, fontId: string, family: string | undefined): Pick<PdfTextItem, 'bold' | 'italic' | 'mono'> {
  const font: unknown = page.commonObjs.has(fontId) ? page.commonObjs.get(fontId) : undefined;
  const name = font && typeof font === 'object' && 'name' in font && typeof font.name === 'string' ? font.name : '';
  return {
    bold: /bold|black|heavy|semibold|demi/i.test(name),
    italic: /italic|oblique/i.test(name),
    mono: family === 'monospace' || /mono|courier|consol|menlo|typewriter/i.test(name),
  };
}
